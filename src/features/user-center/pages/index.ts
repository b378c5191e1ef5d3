/** The user centre: one lazily loaded chunk. */
export { MyDepositPage } from './MyDepositPage';
export { MyMessageDetailPage, MyMessagePage } from './MyMessagePage';
export { MyProjectPage } from './MyProjectPage';
export { UserCenterIndexPage } from './UserCenterIndexPage';

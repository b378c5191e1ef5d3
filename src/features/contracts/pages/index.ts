/** 我的合同 and its steps, one lazily loaded chunk. */
export { ConfirmPage } from './ConfirmPage';
export { EditPage } from './EditPage';
export { MyContractPage } from './MyContractPage';
export { OnlineEditPage } from './OnlineEditPage';
export { AddSignatoryPage, SignatoryListPage } from './SignatoryPages';
export { SignPage } from './SignPage';

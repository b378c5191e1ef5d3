/** Money after the hammer: wallet and fund account, one lazily loaded chunk. */
export { FundAccountDetailPage, FundAccountPage } from './FundAccountPage';
export { WalletDetailPage } from './WalletDetailPage';
export { WalletHandlePage } from './WalletHandlePage';
export { WalletPage } from './WalletPage';
export { ProjectSettleDetailPage, ProjectSettlementPage, SettleDetailPayInfoPage } from './SettlementPages';
export { MyInvoicePage } from './MyInvoicePage';

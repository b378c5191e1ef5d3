/** Enrolment and deposits: one lazily loaded chunk for the enrolment, cashier and detail pages. */
export { BidEnrollNormalPage, BidEnrollPkgPage } from './EnrolPage';
export { CashierDeskPage } from './CashierDeskPage';
export { DepositAddPayInfoPage } from './DepositAddPayInfoPage';
export { DepositDetailPage } from './DepositDetailPage';
export { EnrollDetailPage } from './EnrollDetailPage';

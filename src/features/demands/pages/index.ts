/** 我的服务 / 需求, one lazily loaded chunk. */
export { DemandDetailPage } from './DemandDetailPage';
export { MyServicePage } from './MyServicePage';
export { ServiceDetailPage } from './ServiceDetailPage';

/** 我的文件 and 申诉记录, one lazily loaded chunk. */
export { AllFilesPage } from './AllFilesPage';
export { AppealPage } from './AppealPage';
export { MyFilesPage } from './MyFilesPage';

/** The content centre's pages, loaded lazily by src/routes/tree.tsx as one chunk. */
export { AboutPage } from './AboutPage';
export * from './ColumnPages';
export * from './ColumnViewPages';
export * from './DetailPages';
export { DownloadsPage } from './DownloadsPage';
export { HelpCenterPage } from './HelpCenterPage';
export { KeyProjectDetailPage, KeyProjectListPage } from './KeyProjectPages';
export { LockPage } from './LockPage';

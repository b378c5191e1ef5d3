/** The hall's heading and lead: drawn by the page, and before the app by the start step (src/start). */
export const HALL_TITLE = '竞价大厅';
export const HALL_LEAD = '正在进行的网络竞价，剩余时间与当前价每秒更新；剩余时间已预留 5 秒网络延迟余量。';

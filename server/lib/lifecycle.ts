/** The IPC message the cluster's primary (server/cluster.ts) sends a worker to stop it gracefully (server/main.ts). */
export const STOP_MESSAGE = 'portal:stop';

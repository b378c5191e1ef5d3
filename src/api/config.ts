/**
 * Where the API lives. Every service path of the spec (with or without its `/api` prefix in the spec's
 * tables) is written in code as the bare service path, e.g. `/dscq-project/search/page` or
 * `/oauth/token`, and sent to `API_BASE + path`. The server mounts them all under `/api`; a deployment
 * behind another gateway sets VITE_API_BASE at build time. The judicial service is separate.
 */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';
export const JUDICIAL_BASE: string = import.meta.env.VITE_JUDICIAL_BASE ?? '/judicial';
export const VERSION_URL: string = import.meta.env.VITE_VERSION_URL ?? '/version.json';

/** The fixed Client-Id header the exchange family uses to tell its portals apart (spec section 7). */
export const CLIENT_ID = 'hbcq';

export { REQUEST_TIMEOUT_MS } from '#domain/rules/constants';

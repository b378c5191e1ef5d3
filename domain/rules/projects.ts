/** Trading-centre defaults (the wire side is domain/contract/projects.ts). */
export const PROJECT_SEARCH_DEFAULT_SIZE = 12;

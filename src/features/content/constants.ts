/**
 * Content-centre list sizes. Articles and notices: 12 a page (spec section 9: news 12 per tab); key
 * recommendations: 8 (spec section 7: keyProjects-page size 8); special-page project lists: 10.
 */
export const CONTENT_PAGE_SIZE = 12;
export const KEY_PROJECT_PAGE_SIZE = 8;
export const PROJECT_PAGE_SIZE = 10;

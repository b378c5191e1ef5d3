/**
 * The envelope every API answer travels in, and the page shape of lists (spec section 7: `{code, msg, data}`,
 * `data.records`).
 */
/** Every API answer. `code` 200 means success. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
}

/** Paged lists (MyBatis-Plus IPage shape): the spec reads `data.records`. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Which page of a list a call asks for (spec: `current` from 1, `size` rows). */
export interface PageQuery {
  current: number;
  size: number;
}

/** 0/1 flags as the real system sends them. */
export type Flag = 0 | 1;

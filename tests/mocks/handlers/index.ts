import { homeHandlers } from './home';
import { layoutHandlers } from './layout';

export const handlers = [...layoutHandlers, ...homeHandlers];

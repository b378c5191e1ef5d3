import { authHandlers } from './auth';
import { contentHandlers } from './content';
import { homeHandlers } from './home';
import { layoutHandlers } from './layout';

// Content before home: content handlers answer their own plates and fall through for the rest.
export const handlers = [...layoutHandlers, ...contentHandlers, ...homeHandlers, ...authHandlers];

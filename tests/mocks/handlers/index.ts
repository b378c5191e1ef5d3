import { authHandlers } from './auth';
import { contentHandlers } from './content';
import { enrolmentHandlers } from './enrolment';
import { hallHandlers, pushUnavailableHandlers } from './hall';
import { homeHandlers } from './home';
import { judicialHandlers } from './judicial';
import { layoutHandlers } from './layout';
import { projectsHandlers } from './projects';
import { quoteRoomHandlers } from './quote-room';
import { userFilesHandlers } from './user-files';

// Content before home: content handlers answer their own plates and fall through for the rest. Projects
// before home and auth: the centre's searches (with orderBy) and county lists are its; the rest fall through.
export const handlers = [...layoutHandlers, ...contentHandlers, ...projectsHandlers, ...homeHandlers, ...authHandlers, ...judicialHandlers, ...quoteRoomHandlers, ...hallHandlers, ...pushUnavailableHandlers, ...enrolmentHandlers, ...userFilesHandlers];

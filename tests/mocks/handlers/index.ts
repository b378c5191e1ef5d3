import { authHandlers } from './auth';
import { contentHandlers } from './content';
import { enrolmentHandlers } from './enrolment';
import { hallHandlers, pushUnavailableHandlers } from './hall';
import { homeHandlers } from './home';
import { judicialHandlers } from './judicial';
import { layoutHandlers } from './layout';
import { moneyHandlers } from './money';
import { projectsHandlers } from './projects';
import { quoteRoomHandlers } from './quote-room';
import { userFilesHandlers } from './user-files';
import { contractHandlers } from './contracts';
import { staffHandlers } from './staff';
import { roadshowHandlers } from './roadshows';
import { webauthnHandlers } from './webauthn';
import { proxyHandlers } from './proxy';

// Content before home: content handlers answer their own plates and fall through for the rest. Projects
// before home and auth: the centre's searches (with orderBy) and county lists are its; the rest fall through.
// Money before enrolment: the sandbox bank's pay button answers top-up orders and falls through for deposits.
export const handlers = [...layoutHandlers, ...contentHandlers, ...projectsHandlers, ...homeHandlers, ...authHandlers, ...judicialHandlers, ...quoteRoomHandlers, ...hallHandlers, ...pushUnavailableHandlers, ...moneyHandlers, ...enrolmentHandlers, ...userFilesHandlers, ...contractHandlers, ...staffHandlers, ...roadshowHandlers, ...webauthnHandlers, ...proxyHandlers];

/** The live worker: glue only. All logic is in `liveService.ts` and below, tested without a Worker. */
import * as Comlink from 'comlink';
import { toComlinkApi } from './comlinkApi';
import { createRealEnv } from './env';
import { createLiveService } from './liveService';

Comlink.expose(toComlinkApi(createLiveService(createRealEnv())));

import { buildApiDocument, type ApiRegistration } from '@circuit/shared/http/openapi/contract';
import { documentOpenApi } from '@circuit/shared/http/openapi/document-routes';
import { commandServiceOpenApi } from '@circuit/command-service/command-openapi';
import { projectionServiceOpenApi } from '@circuit/projection-service/projection-openapi';
import { realtimeOpenApi } from '@circuit/realtime-service/realtime-openapi';

/** Every registration of the contract, in one place: the document /api/openapi.json serves. */
export const apiRegistrations: ApiRegistration[] = [documentOpenApi, ...commandServiceOpenApi, ...projectionServiceOpenApi, realtimeOpenApi];

let built: ReturnType<typeof buildApiDocument> | undefined;
/** The document never changes while the process runs: built once, however many apps are composed (tests compose many). */
export const buildCircuitApiDocument = () => (built ??= buildApiDocument(apiRegistrations));

// The candidate dashboard (review rubric 6, decision 043): per project area, the applications past gating ranked by
// BEAD outlay per location, the within-15% band, the areas with no eligible application; paged over areas. Typed
// calls over client.server.ts; the XLSX export is the same query at …/export, passed on by the export route.
import { get, type ApiSession } from './client.server';
import { streamApi } from '../utils/api.server';
// The answer's shapes are the schemas the API documents (domain/api-schemas.ts, decision 098).
import type { CandidatePage } from '../../domain/api-schemas';

export type { Candidate, CandidateArea, CandidatePage } from '../../domain/api-schemas';

export interface CandidateQuery {
  page: number;
  /** Areas per page. */
  limit: number;
  projectLocation?: string;
  technologyType?: string;
  /** Past-gating statuses, a comma list. */
  status?: string;
  /** 'true': only the applications within 15% of their area's lowest outlay. */
  withinBand?: string;
  /** A prefix of the application id, with or without its GA-. */
  applicationId?: string;
}

export const CANDIDATES_PATH = '/review/applications/candidate-dashboard';

export const candidateDashboard = (api: ApiSession, query: CandidateQuery) => get<CandidatePage>(api, CANDIDATES_PATH, { ...query });

/** The XLSX of the same filters (every area), as the API streams it. */
export const candidateExport = (api: ApiSession, query: Omit<CandidateQuery, 'page' | 'limit'>) =>
  streamApi(api.context, `${CANDIDATES_PATH}/export`, { token: api.token, query: { ...query } });

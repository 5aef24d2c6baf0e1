// Response shapes of /api/v1 as the UI reads them (spec section 9), shared by the typed clients in
// app/api/*.server.ts and the components that show them. Type-only: nothing here reaches the browser.
import type { ListQuestion } from '../components/question-list';
import type { HistoryEntry } from '../../domain/history';
import type { UserRow } from '../../domain/user-form';

// The answers the API documents (GET organization/{orgId}/applications, program/all, …/application-counts): their
// types come from the schemas of its OpenAPI document (domain/api-schemas.ts, decision 098).
export type { ApplicationListPage, ApplicationRow, Program, ApplicationCounts as OrganizationCounts, SectionStatusRow } from '../../domain/api-schemas';


/** A page of a list (spec: page, pageSize, totalPages, totalRecords). */
export interface ListPage {
  page: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
}




export interface SectionView {
  application: {
    applicationId: string; programId: string; status: string; projectLocation: string | null; technologyType: string | null; readOnly: boolean;
    /** While REVISION_NEEDED: the state's comments and the sections it reopened (api/services/revision-request.ts). */
    revisionRequest?: { comments: string | null; sectionIds: string[]; requestedAt: string } | null;
  };
  section: { id: string; name: string; slug: string; isEntityProfile: boolean; status: string; version: string };
  questions: (ListQuestion & { error?: string; warning?: string })[];
}

export interface OrganizationProfile {
  organizationId: string;
  section: { id: string; name: string };
  readOnly: boolean;
  /** A save sends it back (decision 099). */
  version: string;
  questions: (ListQuestion & { error?: string })[];
}

export interface HistoryPage {
  page: number;
  totalPages: number;
  totalRecords: number;
  loggedActions: (HistoryEntry & {
    id: string; createdAt: string; user: { firstName: string; lastName: string | null } | null;
    organizationId: string | null; organizationName: string | null; userId: string | null;
  })[];
}


export interface AnswerInput {
  questionId: string;
  value: unknown;
}

/** A user as the Users screens list them (docs/decisions/033): one shape with the API's. */
export type { UserRow } from '../../domain/user-form';

export interface UserListPage extends ListPage {
  users: UserRow[];
}

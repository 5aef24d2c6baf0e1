// Applications (spec 2): search, filter drawer, chips, paged table with the row rules of spec 4,
// new application, cancel with a required reason, delete. All state is in the URL; all actions are POSTs.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from '@remix-run/react';
import { useState } from 'react';
import * as z from 'zod';
import { Box, Button, Flex, Heading, HStack, Input, Stack, Table, Text, Textarea, chakra } from '@chakra-ui/react';
import { requirePortalUser } from '../utils/auth.server';
import { callApi, isApiFailure, isUnavailable, unavailablePage } from '../utils/api.server';
import { redirectWithToast } from '../utils/session.server';
import { closeDialogs, withParams } from '../utils/url-state';
import { useHydrated } from '../utils/use-hydrated';
import { UrlDialog } from '../components/url-dialog';
import { StatusBadge } from '../components/status-badge';
import { ErrorList, FormAlert, nativeSelectStyle } from '../components/forms';
import { ShellErrorBoundary } from '../components/error-boundary';
import { APPLICATION_MSG } from '../../domain/messages';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '../../domain/constants';
import { DATE_RANGES, DATE_RANGE_LABELS, dateRangeBounds, formatListDate, type DateRange } from '../../domain/dates';
import { statusLabel } from '../../domain/statuses';
import { TECHNOLOGY_TYPES, isEligibleTechnology } from '../../domain/technology';
import { readForm } from '../utils/form-data.server';

export const meta: MetaFunction = () => [{ title: 'Applications | Broadband Grants Portal' }];

const ListParams = z.object({
  page: z.coerce.number().int().min(1).catch(1),
  size: z.coerce.number().int().refine((n) => (PAGE_SIZES as readonly number[]).includes(n)).catch(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(20).catch(''),
  range: z.enum(DATE_RANGES).optional().catch(undefined),
  location: z.string().trim().max(200).catch(''),
  status: z.string().trim().max(40).catch(''),
});

interface ApplicationRow {
  applicationId: string;
  program: { name: string };
  status: string;
  createdAt: string;
  submittedAt: string | null;
  projectLocation: string | null;
}
interface ListResponse {
  page: number;
  pageSize: number;
  totalPages: number;
  totalRecords: number;
  applications: ApplicationRow[];
}

function readParams(url: URL) {
  return ListParams.parse(Object.fromEntries(url.searchParams));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const url = new URL(request.url);
  const params = readParams(url);
  const orgId = user.organization!.id;
  const range = params.range ? dateRangeBounds(params.range) : null;
  const [list, areas, programs] = await Promise.all([
    callApi<ListResponse>(context, `/organization/${orgId}/applications`, {
      token: user.token,
      query: {
        page: params.page,
        limit: params.size,
        applicationId: params.q.toUpperCase() || undefined,
        projectLocation: params.location || undefined,
        status: params.status || undefined,
        startDate: range?.startDate,
        endDate: range?.endDate,
      },
    }),
    callApi<{ name: string }[]>(context, '/project-area/all', { token: user.token }),
    callApi<{ id: string; name: string }[]>(context, '/program/all', { token: user.token }),
  ]).catch((error) => {
    throw unavailablePage(error);
  });
  return {
    params,
    list,
    areas: areas.map((a) => a.name),
    programs,
    canWrite: user.role === 'Organization_Admin',
  };
}

const CreateForm = z.object({
  programId: z.string({ error: APPLICATION_MSG.unknownProgram }).min(1, APPLICATION_MSG.unknownProgram),
  projectLocation: z.string({ error: APPLICATION_MSG.unknownArea }).min(1, APPLICATION_MSG.unknownArea),
  technologyType: z.string({ error: APPLICATION_MSG.unknownTechnology }).refine((v) => TECHNOLOGY_TYPES.includes(v), APPLICATION_MSG.unknownTechnology),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePortalUser(request, context, 'org');
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = form.get('intent');
  const back = (changes: Record<string, string | null>) => `/org/applications${closeDialogs(withParams(url.search, changes))}`;

  if (intent === 'create') {
    const values = Object.fromEntries(['programId', 'projectLocation', 'technologyType'].map((k) => [k, String(form.get(k) ?? '')]));
    const parsed = CreateForm.safeParse(values);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
      return data({ intent: 'create' as const, values, errors, ineligible: false, message: null as string | null }, { status: 400 });
    }
    if (!isEligibleTechnology(parsed.data.technologyType)) {
      return data({ intent: 'create' as const, values, errors: {}, ineligible: true, message: null }, { status: 400 });
    }
    try {
      const created = await callApi<{ applicationId: string }>(context, '/applications/create', {
        method: 'POST',
        token: user.token,
        query: { organizationId: user.organization!.id },
        body: parsed.data,
      });
      return redirectWithToast(`/org/applications/bead-applcn/${created.applicationId}`, context, {
        type: 'success',
        title: `Application ${created.applicationId} created`,
        description: 'It is a draft: fill in its sections, then submit it before the due date.',
      });
    } catch (error) {
      const message = isApiFailure(error) ? error.message : APPLICATION_MSG.createFailed;
      return data({ intent: 'create' as const, values, errors: {}, ineligible: false, message }, { status: isApiFailure(error) ? error.status : 500 });
    }
  }

  const id = String(form.get('applicationId') ?? '');
  if (intent === 'cancel') {
    const message = String(form.get('message') ?? '').trim();
    if (!message) {
      return data({ intent: 'cancel' as const, error: APPLICATION_MSG.reasonRequired, message }, { status: 400 });
    }
    try {
      await callApi(context, `/applications/${encodeURIComponent(id)}/cancel`, { method: 'POST', token: user.token, body: { message } });
    } catch (error) {
      // The reason typed stays in the open dialog until the database is back.
      if (isUnavailable(error)) return data({ intent: 'cancel' as const, error: error.message, message }, { status: 503 });
      return redirectWithToast(back({}), context, { type: 'error', title: isApiFailure(error) ? error.message : APPLICATION_MSG.cancelFailed });
    }
    // Spec: after cancelling, the list reloads at page 1.
    return redirectWithToast(back({ page: null }), context, { type: 'success', title: APPLICATION_MSG.cancelled });
  }

  if (intent === 'delete') {
    try {
      await callApi(context, `/applications/${encodeURIComponent(id)}/delete`, { method: 'DELETE', token: user.token });
    } catch (error) {
      return redirectWithToast(back({}), context, { type: 'error', title: isApiFailure(error) ? error.message : APPLICATION_MSG.deleteFailed });
    }
    return redirectWithToast(back({ page: null }), context, { type: 'success', title: APPLICATION_MSG.deleted });
  }

  return redirect(back({}));
}

/** Spec 4 Organization row rules. */
export function rowActions(status: string) {
  return {
    view: status === 'SUBMITTED' || status === 'REJECTED' || status === 'CANCELLED' ? 'View' : 'Edit',
    print: status === 'SUBMITTED',
    cancel: status === 'DRAFT',
    delete: status === 'DRAFT',
  };
}

export default function Applications() {
  const { params, list, areas, programs, canWrite } = useLoaderData<typeof loader>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const open = {
    filters: search.get('filters') === 'open',
    cancel: search.get('cancel'),
    cancelReason: search.get('step') === 'reason',
    delete: search.get('delete'),
    create: search.get('new') === '1',
  };
  const chips: { label: string; remove: string }[] = [];
  if (params.q) chips.push({ label: `Application ID: ${params.q.toUpperCase()}`, remove: withParams(location.search, { q: null, page: null }) });
  if (params.range) chips.push({ label: DATE_RANGE_LABELS[params.range], remove: withParams(location.search, { range: null, page: null }) });
  if (params.location) chips.push({ label: `Project location: ${params.location}`, remove: withParams(location.search, { location: null, page: null }) });
  if (params.status) {
    const label = params.status === 'SUBMITTED_ANY' ? 'Submitted (any stage)' : statusLabel(params.status);
    chips.push({ label: `Status: ${label}`, remove: withParams(location.search, { status: null, page: null }) });
  }

  return (
    <>
      <Flex justify="space-between" align={{ base: 'start', md: 'center' }} gap={4} mb={6} direction={{ base: 'column', md: 'row' }}>
        <Heading as="h1" size="2xl">
          Applications
        </Heading>
        {canWrite ? (
          <Button asChild colorPalette="brand">
            <Link to={withParams(location.search, { new: '1' })} preventScrollReset>
              New application
            </Link>
          </Button>
        ) : null}
      </Flex>

      <Flex as="section" aria-label="Search and filter" gap={3} wrap="wrap" align="end" mb={4}>
        <Form method="get" role="search" style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-end' }}>
          {params.range ? <input type="hidden" name="range" value={params.range} /> : null}
          {params.location ? <input type="hidden" name="location" value={params.location} /> : null}
          {params.status ? <input type="hidden" name="status" value={params.status} /> : null}
          <input type="hidden" name="size" value={params.size} />
          <chakra.label htmlFor="application-search" className="visually-hidden">
            Search Application ID
          </chakra.label>
          <Input id="application-search" name="q" type="search" defaultValue={params.q} placeholder="Search Application ID" w="16rem" bg="bg" />
          <Button type="submit" variant="outline">
            Search
          </Button>
        </Form>
        <Button asChild variant="outline">
          <Link to={withParams(location.search, { filters: 'open' })} preventScrollReset aria-haspopup="dialog">
            Filter
          </Link>
        </Button>
      </Flex>

      {chips.length ? (
        <Box as="section" aria-labelledby="applied-filters" mb={4}>
          <Text id="applied-filters" fontWeight="semibold" fontSize="sm" mb={2}>
            Applied filters
          </Text>
          <HStack as="ul" listStyleType="none" wrap="wrap" gap={2} m={0} p={0}>
            {chips.map((chip) => (
              <li key={chip.label}>
                <Link to={chip.remove} aria-label={`Remove filter ${chip.label}`} data-testid="filter-chip">
                  <HStack gap={2} px={3} py={1} borderRadius="full" bg="brand.muted" color="brand.fg" fontSize="sm">
                    <span>{chip.label}</span>
                    <span aria-hidden="true">×</span>
                  </HStack>
                </Link>
              </li>
            ))}
          </HStack>
        </Box>
      ) : null}

      <Box bg="bg" borderWidth="1px" borderRadius="lg" overflowX="auto">
        <Table.Root size="sm" data-testid="applications-table">
          <Table.Caption className="visually-hidden">
            Applications, page {list.page} of {list.totalPages}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              {['Application ID', 'Program Name', 'Created Date', 'Submitted Date', 'Status', 'Project Location', 'Actions'].map((h) => (
                <Table.ColumnHeader key={h} scope="col" whiteSpace="nowrap">
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.applications.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={7} textAlign="center" py={8} color="fg.muted">
                  No data
                </Table.Cell>
              </Table.Row>
            ) : (
              list.applications.map((app) => {
                const actions = rowActions(app.status);
                return (
                  <Table.Row key={app.applicationId} data-testid="application-row">
                    <Table.Cell>
                      <Link to={`/org/applications/bead-applcn/${app.applicationId}`} style={{ textDecoration: 'underline', fontWeight: 600 }}>
                        {app.applicationId}
                      </Link>
                    </Table.Cell>
                    <Table.Cell>{app.program.name}</Table.Cell>
                    <Table.Cell>{formatListDate(app.createdAt)}</Table.Cell>
                    <Table.Cell>{formatListDate(app.submittedAt)}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={app.status} />
                    </Table.Cell>
                    <Table.Cell>{app.projectLocation}</Table.Cell>
                    <Table.Cell>
                      <HStack gap={3} wrap="wrap" fontSize="sm">
                        <Link to={`/org/applications/bead-applcn/${app.applicationId}`} aria-label={`${canWrite ? actions.view : 'View'} ${app.applicationId}`} style={{ textDecoration: 'underline' }}>
                          {canWrite ? actions.view : 'View'}
                        </Link>
                        <Link to={`/org/applications/view-history/${app.applicationId}`} aria-label={`History of ${app.applicationId}`} style={{ textDecoration: 'underline' }}>
                          History
                        </Link>
                        {actions.print ? (
                          // A native form: the browser downloads the PDF, with or without JavaScript.
                          <form method="post" action={`/resources/print/${app.applicationId}`} style={{ display: 'inline' }}>
                            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
                            <chakra.button type="submit" textDecoration="underline" color="inherit" aria-label={`Print ${app.applicationId}`}>
                              Print
                            </chakra.button>
                          </form>
                        ) : null}
                        {canWrite && actions.cancel ? (
                          <Link to={withParams(location.search, { cancel: app.applicationId, step: null })} preventScrollReset aria-label={`Cancel ${app.applicationId}`} style={{ textDecoration: 'underline' }}>
                            Cancel
                          </Link>
                        ) : null}
                        {canWrite && actions.delete ? (
                          <Link to={withParams(location.search, { delete: app.applicationId })} preventScrollReset aria-label={`Delete ${app.applicationId}`} style={{ textDecoration: 'underline' }}>
                            Delete
                          </Link>
                        ) : null}
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Box>

      <Pagination page={list.page} totalPages={list.totalPages} totalRecords={list.totalRecords} size={params.size} />

      {open.filters ? <FilterDrawer params={params} areas={areas} /> : null}
      {open.cancel && !open.cancelReason ? <CancelConfirm id={open.cancel} /> : null}
      {open.cancel && open.cancelReason ? <CancelReason id={open.cancel} /> : null}
      {open.delete ? <DeleteConfirm id={open.delete} /> : null}
      {open.create && canWrite ? <NewApplication programs={programs} areas={areas} /> : null}
    </>
  );
}

function Pagination({ page, totalPages, totalRecords, size }: { page: number; totalPages: number; totalRecords: number; size: number }) {
  const location = useLocation();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const keep = Array.from(new URLSearchParams(location.search)).filter(([k]) => k !== 'size' && k !== 'page');
  return (
    <Flex as="nav" aria-label="Pages" justify="space-between" align="center" wrap="wrap" gap={4} mt={4}>
      <Form method="get" style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
        {keep.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor="page-size">Rows per page</label>
        <select
          id="page-size"
          name="size"
          defaultValue={size}
          onChange={(e) => hydrated && submit(e.currentTarget.form)}
          style={{ ...nativeSelectStyle, width: 'auto', padding: '0.3rem' }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <Button type="submit" size="xs" variant="outline">
            Apply
          </Button>
        )}
      </Form>
      <HStack gap={3}>
        <Text fontSize="sm" data-testid="page-status">
          Page {page} of {totalPages} ({totalRecords} {totalRecords === 1 ? 'application' : 'applications'})
        </Text>
        {page > 1 ? (
          <Button asChild size="sm" variant="outline">
            <Link to={withParams(location.search, { page: page - 1 })}>Previous</Link>
          </Button>
        ) : null}
        {page < totalPages ? (
          <Button asChild size="sm" variant="outline">
            <Link to={withParams(location.search, { page: page + 1 })}>Next</Link>
          </Button>
        ) : null}
      </HStack>
    </Flex>
  );
}

function FilterDrawer({ params, areas }: { params: z.infer<typeof ListParams>; areas: string[] }) {
  const location = useLocation();
  const close = closeDialogs(location.search);
  return (
    <UrlDialog id="filters" title="Filters" closeTo={close} placement="right" width="24rem">
      <Form method="get">
        {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
        {params.status ? <input type="hidden" name="status" value={params.status} /> : null}
        <input type="hidden" name="size" value={params.size} />
        <Box as="fieldset" mb={6}>
          <Box as="legend" fontWeight="semibold" mb={2}>
            Date range
          </Box>
          <Stack gap={2}>
            {DATE_RANGES.map((range: DateRange) => (
              <chakra.label key={range} display="flex" gap={2} alignItems="center">
                <input type="radio" name="range" value={range} defaultChecked={params.range === range} />
                {DATE_RANGE_LABELS[range]}
              </chakra.label>
            ))}
          </Stack>
        </Box>
        <Box mb={6}>
          <chakra.label htmlFor="filter-location" display="block" fontWeight="semibold" mb={2}>
            Project location
          </chakra.label>
          <select
            id="filter-location"
            name="location"
            defaultValue={params.location}
            style={nativeSelectStyle}
          >
            <option value="">Any location</option>
            {areas.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </Box>
        <HStack justify="flex-end" gap={3}>
          <Button asChild variant="outline">
            <Link to={closeDialogs(withParams(location.search, { range: null, location: null, page: null }))}>Reset</Link>
          </Button>
          <Button type="submit" colorPalette="brand">
            Apply
          </Button>
        </HStack>
      </Form>
    </UrlDialog>
  );
}

function CancelConfirm({ id }: { id: string }) {
  const location = useLocation();
  return (
    <UrlDialog id="cancel-confirm" title="Cancel application" closeTo={closeDialogs(location.search)} role="alertdialog">
      <Text mb={6}>Are you sure you want to cancel application {id}? A cancelled application cannot be submitted.</Text>
      <HStack justify="flex-end" gap={3}>
        <Button asChild variant="outline">
          <Link to={closeDialogs(location.search)} preventScrollReset>
            No
          </Link>
        </Button>
        <Button asChild colorPalette="brand">
          <Link to={withParams(location.search, { step: 'reason' })} preventScrollReset data-autofocus>
            Yes
          </Link>
        </Button>
      </HStack>
    </UrlDialog>
  );
}

function CancelReason({ id }: { id: string }) {
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failed = actionData && 'intent' in actionData && actionData.intent === 'cancel' ? actionData : null;
  const [message, setMessage] = useState(failed?.message ?? '');
  const hydrated = useHydrated();
  const error = failed?.error ?? null;
  return (
    <UrlDialog id="cancel-reason" title="Reason for cancelling" closeTo={closeDialogs(location.search)}>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="applicationId" value={id} />
        <chakra.label htmlFor="cancel-message" display="block" fontWeight="medium" mb={1}>
          Reason for cancelling {id}
        </chakra.label>
        <Textarea
          id="cancel-message"
          name="message"
          rows={4}
          required
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cancel-message-error' : undefined}
          data-autofocus
        />
        <ErrorList id="cancel-message-error" errors={error ? [error] : null} />
        <HStack justify="flex-end" gap={3} mt={6}>
          <Button asChild variant="outline">
            <Link to={closeDialogs(location.search)} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" colorPalette="brand" disabled={hydrated && !message.trim()} loading={navigation.state === 'submitting'}>
            Ok
          </Button>
        </HStack>
      </Form>
    </UrlDialog>
  );
}

function DeleteConfirm({ id }: { id: string }) {
  const location = useLocation();
  return (
    <UrlDialog id="delete-confirm" title="Delete application" closeTo={closeDialogs(location.search)} role="alertdialog">
      <Text mb={6}>Are you sure you want to delete the draft application {id}? This cannot be undone; its history is kept.</Text>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="applicationId" value={id} />
        <HStack justify="flex-end" gap={3}>
          <Button asChild variant="outline">
            <Link to={closeDialogs(location.search)} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" colorPalette="red" data-autofocus>
            Delete
          </Button>
        </HStack>
      </Form>
    </UrlDialog>
  );
}

function NewApplication({ programs, areas }: { programs: { id: string; name: string }[]; areas: string[] }) {
  const location = useLocation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const result = actionData && 'intent' in actionData && actionData.intent === 'create' ? actionData : null;
  const values = result?.values ?? {};
  const errors: Record<string, string> = { ...(result?.errors ?? {}) };
  const ineligible = !!result?.ineligible;
  if (ineligible) errors.technologyType = 'Choose a technology that is eligible for round 1.';
  const field = (name: string, label: string, options: { value: string; label: string }[], placeholder: string) => (
    <Box mb={4}>
      <chakra.label htmlFor={`new-${name}`} display="block" fontWeight="medium" mb={1}>
        {label}
      </chakra.label>
      <select
        id={`new-${name}`}
        name={name}
        required
        defaultValue={ineligible && name === 'technologyType' ? '' : values[name] ?? (name === 'programId' && programs.length === 1 ? programs[0]!.id : '')}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `new-${name}-error` : undefined}
        style={nativeSelectStyle}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={`new-${name}-error`} errors={errors[name] ? [errors[name]!] : null} />
    </Box>
  );
  return (
    <UrlDialog
      id="new-application"
      // An ineligible technology turns this into the round-1 ineligibility dialog; the other choices are kept.
      title={ineligible ? 'Technology not eligible for Round 1' : 'New application'}
      role={ineligible ? 'alertdialog' : 'dialog'}
      closeTo={closeDialogs(location.search)}
    >
      <Form method="post" preventScrollReset key={ineligible ? 'ineligible' : 'new'}>
        <input type="hidden" name="intent" value="create" />
        <FormAlert message={ineligible ? APPLICATION_MSG.ineligibleTechnology : result?.message} />
        {field('programId', 'Programme', programs.map((p) => ({ value: p.id, label: p.name })), 'Select a programme')}
        {field('projectLocation', 'Project area', areas.map((a) => ({ value: a, label: a })), 'Select a project area')}
        {field('technologyType', 'Proposed Technology Type', TECHNOLOGY_TYPES.map((t) => ({ value: t, label: t })), 'Select a technology')}
        <HStack justify="flex-end" gap={3} mt={6}>
          <Button asChild variant="outline">
            <Link to={closeDialogs(location.search)} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" colorPalette="brand" loading={navigation.state === 'submitting'}>
            Create application
          </Button>
        </HStack>
      </Form>
    </UrlDialog>
  );
}

export const ErrorBoundary = ShellErrorBoundary;

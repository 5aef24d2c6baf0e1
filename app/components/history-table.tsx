// A paged history (logged actions): when, who, what, comments. Paging is in the URL (?page=).
import { Link, useLocation } from '@remix-run/react';
import { Box, Button, Flex, HStack, Table, Text } from '@chakra-ui/react';
import { describeAction, type HistoryEntry } from '../../domain/history';
import { formatListDateTime } from '../../domain/dates';
import { withParams } from '../utils/url-state';

export interface HistoryPage {
  page: number;
  totalPages: number;
  totalRecords: number;
  loggedActions: (HistoryEntry & { id: string; createdAt: string; user: { firstName: string; lastName: string | null } | null })[];
}

export function HistoryTable({ history, caption }: { history: HistoryPage; caption: string }) {
  const location = useLocation();
  return (
    <>
      <Box bg="bg" borderWidth="1px" borderRadius="lg" overflowX="auto">
        <Table.Root size="sm" data-testid="history-table">
          <Table.Caption className="visually-hidden">
            {caption}, page {history.page} of {history.totalPages}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              {['When', 'Who', 'What', 'Comments'].map((h) => (
                <Table.ColumnHeader key={h} scope="col">
                  {h}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {history.loggedActions.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={4} textAlign="center" py={8} color="fg.muted">
                  No data
                </Table.Cell>
              </Table.Row>
            ) : (
              history.loggedActions.map((entry) => (
                <Table.Row key={entry.id} data-testid="history-row">
                  <Table.Cell whiteSpace="nowrap">{formatListDateTime(entry.createdAt)}</Table.Cell>
                  <Table.Cell>{entry.user ? `${entry.user.firstName} ${entry.user.lastName ?? ''}`.trim() : 'The portal'}</Table.Cell>
                  <Table.Cell>{describeAction(entry)}</Table.Cell>
                  <Table.Cell>{entry.comments ?? ''}</Table.Cell>
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Box>
      <Flex as="nav" aria-label="History pages" justify="flex-end" align="center" gap={3} mt={4}>
        <Text fontSize="sm">
          Page {history.page} of {history.totalPages} ({history.totalRecords} {history.totalRecords === 1 ? 'entry' : 'entries'})
        </Text>
        <HStack>
          {history.page > 1 ? (
            <Button asChild size="sm" variant="outline">
              <Link to={withParams(location.search, { page: history.page - 1 })}>Previous</Link>
            </Button>
          ) : null}
          {history.page < history.totalPages ? (
            <Button asChild size="sm" variant="outline">
              <Link to={withParams(location.search, { page: history.page + 1 })}>Next</Link>
            </Button>
          ) : null}
        </HStack>
      </Flex>
    </>
  );
}

export function pageParam(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

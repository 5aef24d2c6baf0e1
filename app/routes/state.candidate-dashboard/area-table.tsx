// One project area of the candidate dashboard (decision 043): its lowest outlay and band, then the list kit's table of
// its applications in rank order; and the areas no eligible application covers. Plain elements, kit classes.
import { Link } from '../../components/link';
import { DataTable, type Column } from '../../components/list-kit';
import { StatusTag } from '../../components/status-badge';
import { CANDIDATE_MSG } from '../../../domain/candidates';
import { money } from '../../../domain/rubric';
import type { Candidate, CandidateArea } from '../../api/candidates.server';
import { reviewPath } from '../state.applications.($tab)/columns';

const areaName = (area: CandidateArea) => area.projectArea ?? CANDIDATE_MSG.noArea;
const areaId = (area: CandidateArea) => `area-${(area.projectArea ?? 'none').toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

function locationsText(row: Candidate): string {
  if (row.locations === null) return 'None';
  return `${row.locations} (${row.unserved ?? 0} unserved, ${row.underserved ?? 0} underserved)`;
}

const COLUMNS: Column<Candidate>[] = [
  { header: 'Rank', cell: (row) => (row.rank === null ? <span className="muted">Not ranked</span> : row.rank) },
  {
    header: 'Application',
    cell: (row) => (
      <Link to={reviewPath(row.applicationId)} className="row-link">
        {row.applicationId}
      </Link>
    ),
    nowrap: true,
  },
  { header: 'Organization', cell: (row) => row.organizationName },
  { header: 'BEAD outlay per location', cell: (row) => (row.outlayPerLocation === null ? <span className="muted">None</span> : money(row.outlayPerLocation, true)), nowrap: true },
  { header: 'Within 15%', cell: (row) => (row.withinBand ? 'Yes' : 'No') },
  { header: 'Rubric total', cell: (row) => (row.rubricTotal === null ? <span className="muted">Not scored</span> : row.rubricTotal) },
  { header: 'Locations covered', cell: locationsText },
  { header: 'Status', cell: (row) => <StatusTag status={row.status} /> },
];

export function AreaRanking({ area }: { area: CandidateArea }) {
  const name = areaName(area);
  const unranked = area.applications.some((row) => row.rank === null);
  return (
    <section aria-labelledby={areaId(area)} data-testid="candidate-area" className="ui-after">
      <h2 id={areaId(area)} className="ui-h2">
        {name}
      </h2>
      <p className="ui-after-muted" data-testid="area-band">
        {area.lowestOutlay === null || area.bandLimit === null
          ? 'No application here has a BEAD outlay per location.'
          : `Lowest BEAD outlay per location: ${money(area.lowestOutlay, true)}. Within 15%: up to ${money(area.bandLimit, true)}.`}
      </p>
      <DataTable
        caption={`${name}: applications past gating by BEAD outlay per location`}
        columns={COLUMNS}
        rows={area.applications}
        rowKey={(row) => row.applicationId}
        testId="candidate-table"
        rowTestId="candidate-row"
      />
      {unranked ? <p className="ui-after-muted">Not ranked: {CANDIDATE_MSG.noOutlay}.</p> : null}
    </section>
  );
}

export function EmptyAreas({ names }: { names: string[] }) {
  return (
    <section aria-labelledby="empty-areas" data-testid="empty-areas" className="ui-after">
      <h2 id="empty-areas" className="ui-h2">
        Areas with no eligible application
      </h2>
      {names.length === 0 ? (
        <p>Every project area has at least one application past gating.</p>
      ) : (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

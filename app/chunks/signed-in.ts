// The small modules the signed-in pages share (the side menu, permissions, statuses, the list kit),
// reached from each signed-in page's route module so that they travel in one shared file: see every-page.ts and
// decision 102. The sign-in pages do not import this, so their first visit stays light.
import './every-page';
import '../../domain/menu';
import '../../domain/permissions';
import '../../domain/roles';
import '../../domain/statuses';
import '../../domain/ids';
import '../../domain/format';
import '../../domain/dates';
import '../../domain/questions';
import '../../domain/validation/limits';
import '../../domain/validation/display';
import '../../domain/validation/amounts';
import '../components/shell';
import '../components/icons';
import '../components/status-badge';
import '../components/url-dialog';
import '../components/list-kit';
import '../utils/url-state';

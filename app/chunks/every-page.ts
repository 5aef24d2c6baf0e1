// The small modules every page uses, reached from every page's route module so that the bundler writes them into
// one shared file (decision 102). esbuild, under the Remix compiler, puts each module in a chunk of its own for each
// set of pages that import it: the form page fetched 40 files at first visit, half of them under 2 KB. Each is a
// round trip on HTTP/1.1 and a request Lighthouse's slow 4G waits for before first paint. Importing this module
// changes no behaviour: it only says which pages reach these modules. A module used by nearly every page belongs here;
// one used by a few pages does not (every page then downloads it). `npm run build` fails a page that fetches more
// files than scripts/check-budget.mjs allows.
import '../../domain/constants';
import '../../domain/messages';
import '../components/link';
import '../components/form';
import '../components/forms';
import '../components/native-select';
import '../components/text-input';
import '../components/error-boundary';
import '../components/status-page';
import '../components/motion';
import '../utils/use-hydrated';

// The answer checks live-check.ts loads when first needed (decision 021), with the shared file of the pages that
// load them, which those pages already have: it keeps the answer rules in one shared file (decision 102).
import '../chunks/answers';
export { validateAnswer } from '../../domain/validation/answers';

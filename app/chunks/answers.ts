// The answer rules (domain/validation) for the pages that check answers as they are typed: the application form,
// the state's review, the organization profile, Documents and Messages (attachments). Reached from each of those
// route modules so that the rules travel in one or two shared files instead of six: see every-page.ts and decision
// 102. domain/validation/answers.ts is also loaded on its own where only its checks are wanted later
// (app/utils/live-check.ts), so its part may stay a file of its own.
import './signed-in';
import '../../domain/validation';

export { checkSession, runCheck, type CheckOptions, type CheckResult } from './run-check.js';
export { lintTraceFile, lintEvents, readTraceFile } from './lint-trace.js';
export {
  collectAllFindings,
  collectFindings,
  excerptOf,
  findingPlaces,
  formatReport,
  groupFindings,
  hasErrors,
  makeReport,
  type FindingsReport,
  type ReportFormat,
  type FindingPlace,
  type ReportedFinding,
} from './report.js';
export { probeOriginAndHost, FOREIGN_ORIGIN } from './origin-probe.js';
export { argumentsFor } from './args-from-schema.js';

export type { ConsentKind } from './errors/ConsentRequiredError.js';
export { ConsentRequiredError } from './errors/ConsentRequiredError.js';
export type { ErrorBody } from './errors/errorBody.js';
export { toErrorBody } from './errors/errorBody.js';
export type { ErrorResponseParts } from './errors/errorFromResponse.js';
export { errorFromResponse } from './errors/errorFromResponse.js';
export type { InsuranceErrorCode } from './errors/InsuranceError.js';
export { InsuranceError } from './errors/InsuranceError.js';
export { MissingProviderError } from './errors/MissingProviderError.js';
export { NetworkError } from './errors/NetworkError.js';
export type { NotBffResponseDetails, ReceivedBody } from './errors/NotBffResponseError.js';
export { NotBffResponseError } from './errors/NotBffResponseError.js';
export { NotFoundError } from './errors/NotFoundError.js';
export { OutcomeUnknownError } from './errors/OutcomeUnknownError.js';
export { parseRetryAfter } from './errors/parseRetryAfter.js';
export { RateLimitedError } from './errors/RateLimitedError.js';
export { ServiceError } from './errors/ServiceError.js';
export { TimeoutError } from './errors/TimeoutError.js';
export { UnauthorizedError } from './errors/UnauthorizedError.js';
export type { FieldIssue } from './errors/ValidationError.js';
export { ValidationError } from './errors/ValidationError.js';
export type { BytesLike } from './hmacSha256Hex.js';
export { hmacSha256Hex } from './hmacSha256Hex.js';
export { ID_PATTERN, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_RULE, isValidId } from './ids.js';
export { isSafeDocumentUrl } from './isSafeDocumentUrl.js';
export type { LoanPurpose } from './LOAN_PURPOSES.js';
export { LOAN_PURPOSES } from './LOAN_PURPOSES.js';
export type { LoanType } from './LOAN_TYPES.js';
export { LOAN_TYPES } from './LOAN_TYPES.js';
export type { LoanStatus, LoanStatusValue } from './loanStatus.js';
export {
  canShop,
  isClosed,
  isErrored,
  isQuoting,
  isRated,
  LOAN_STATUSES,
} from './loanStatus.js';
export type { OperationMatch } from './matchOperation.js';
export { matchOperation } from './matchOperation.js';
export type {
  BffOperationName,
  HttpMethod,
  OperationDefinition,
  OperationName,
  Route,
  ServiceOperationName,
} from './operations.js';
export {
  DEFAULT_BFF_BASE_PATH,
  DEFAULT_CSRF_HEADER,
  OPERATION_NAMES,
  operations,
  trimBasePath,
} from './operations.js';
export { parseResponse } from './parseResponse.js';
export type { PathId, PathMatch, PathParams } from './paths.js';
export { buildPath, matchPath } from './paths.js';
export type { PolicyStanding } from './policyStanding.js';
export { policyStanding } from './policyStanding.js';
export type { Address } from './schemas/address.js';
export { AddressSchema } from './schemas/address.js';
export type { Borrower, CoBorrower, PrimaryBorrower } from './schemas/borrower.js';
export {
  BorrowerSchema,
  CoBorrowerSchema,
  GENDERS,
  MARITAL_STATUSES,
  PrimaryBorrowerSchema,
} from './schemas/borrower.js';
export type { CallMeNowInput } from './schemas/callMeNowInput.js';
export { CallMeNowInputSchema } from './schemas/callMeNowInput.js';
export type { CloseLoanInput } from './schemas/closeLoanInput.js';
export { CloseLoanInputSchema } from './schemas/closeLoanInput.js';
export type { ConsentInput } from './schemas/consentInput.js';
export { ConsentInputSchema } from './schemas/consentInput.js';
export type { ConsentRecord } from './schemas/consentRecord.js';
export { ConsentRecordSchema } from './schemas/consentRecord.js';
export type { CurrentInsurance } from './schemas/currentInsurance.js';
export { CurrentInsuranceSchema } from './schemas/currentInsurance.js';
export type { CurrentInsuranceInput } from './schemas/currentInsuranceInput.js';
export { CurrentInsuranceInputSchema } from './schemas/currentInsuranceInput.js';
export type {
  Coverage,
  CoverageKey,
  CurrentInsurancePolicy,
  PolicyType,
} from './schemas/currentInsurancePolicy.js';
export {
  COVERAGE_KEYS,
  CoverageSchema,
  CurrentInsurancePolicySchema,
  POLICY_TYPES,
} from './schemas/currentInsurancePolicy.js';
export type { DwellingInfo } from './schemas/dwellingInfo.js';
export { DWELLING_INFO_KEYS, DwellingInfoSchema } from './schemas/dwellingInfo.js';
export { isCalendarDate, isIsoDateTime } from './schemas/fields.js';
export type { Loan } from './schemas/loan.js';
export { LoanSchema } from './schemas/loan.js';
export type {
  LoanApplicationInput,
  LoanApplicationRequest,
} from './schemas/loanApplicationInput.js';
export {
  LoanApplicationInputSchema,
  LoanApplicationRequestSchema,
} from './schemas/loanApplicationInput.js';
export type { LoanContact } from './schemas/loanContact.js';
export {
  LOAN_OFFICER_ROLE,
  LoanContactSchema,
  LoanContactsInputSchema,
} from './schemas/loanContact.js';
export type { LoanEvent, RelayedEvent, TcpaConsentStatus } from './schemas/loanEvent.js';
export { LoanEventSchema, TcpaConsentStatusSchema } from './schemas/loanEvent.js';
export type { LoanOfficer } from './schemas/loanOfficer.js';
export { LoanOfficerSchema } from './schemas/loanOfficer.js';
export type { Policy, PolicyCoverage, PolicyDetails, PolicyDocument } from './schemas/policy.js';
export { PolicySchema } from './schemas/policy.js';
export type { PolicyRetrieval } from './schemas/policyRetrieval.js';
export { PolicyRetrievalSchema } from './schemas/policyRetrieval.js';
export type { Property, PropertyType } from './schemas/property.js';
export { PROPERTY_TYPES, PropertySchema } from './schemas/property.js';
export type { Quote } from './schemas/quote.js';
export { QuoteSchema } from './schemas/quote.js';
export type { DisplayQuote, QuoteDisplay } from './schemas/quoteDisplay.js';
export { QuoteDisplaySchema } from './schemas/quoteDisplay.js';
export type { ScheduleCallInput } from './schemas/scheduleCallInput.js';
export { ScheduleCallInputSchema } from './schemas/scheduleCallInput.js';
export type { ShoppedLoan } from './schemas/shoppedLoan.js';
export { ShoppedLoanSchema } from './schemas/shoppedLoan.js';
export type { ShopResult } from './schemas/shopResult.js';
export { ShopResultSchema } from './schemas/shopResult.js';
export type { SuccessResult } from './schemas/successResult.js';
export { SuccessResultSchema } from './schemas/successResult.js';
export type { TokenRequest } from './schemas/tokenRequest.js';
export { TokenRequestSchema } from './schemas/tokenRequest.js';
export type { TokenResponse } from './schemas/tokenResponse.js';
export { TokenResponseSchema } from './schemas/tokenResponse.js';
export type {
  EventPartnerData,
  LoanShoppedEvent,
  PolicyBoundEvent,
  PolicyRetrievedEvent,
  WebhookEnvelope,
  WebhookEvent,
  WebhookEventType,
} from './schemas/webhookEvent.js';
export {
  parseOccurredAt,
  WEBHOOK_EVENT_TYPES,
  WebhookEnvelopeSchema,
  WebhookEventSchema,
} from './schemas/webhookEvent.js';
export { BROWSER_REQUEST_TIMEOUT_MS } from './timeouts.js';
export { US_STATE_CODES } from './US_STATE_CODES.js';
export { toFieldIssues, validateInput } from './validateInput.js';

/**
 * A signature header's name as a delivery carries it, `x-<vendor>-signature-1`, lowercase (as
 * both request views list names); group 1 is the prefix. The prefix is bounded (64 characters,
 * as a configured one) and plain text (letters, digits, `-`, `_`, `.`), so neither the memory
 * nor a log line grows with what a client sends.
 */
export const SIGNATURE_HEADER_NAME = /^(x-[a-z0-9][a-z0-9_.-]{0,61})-signature-1$/;

// The server entry grows the BFF, service client and webhook receiver; the contract it shares
// with the browser entry is available here too so server code never imports the client entry.
export * from '../core/index.js';

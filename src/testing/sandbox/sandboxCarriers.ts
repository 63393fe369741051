/** A carrier the sandbox quotes from. */
export interface SandboxCarrier {
  id: string;
  name: string;
  color: string;
}

/** The carriers the sandbox quotes from and offers on the retrieval page. */
export const SANDBOX_CARRIERS: readonly SandboxCarrier[] = [
  { id: 'harborline', name: 'Harborline Mutual', color: '#1d4e89' },
  { id: 'keystone', name: 'Keystone Home', color: '#7a2e8e' },
  { id: 'prairie', name: 'Prairie Shield', color: '#2f7d32' },
  { id: 'summit', name: 'Summit Casualty', color: '#9a3b12' },
  { id: 'lakeside', name: 'Lakeside Insurance', color: '#0f6f75' },
  { id: 'redwood', name: 'Redwood General', color: '#8b1e2d' },
  { id: 'beacon', name: 'Beacon Property', color: '#5b4a0e' },
];

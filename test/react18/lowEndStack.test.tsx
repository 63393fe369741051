import { createRequire } from 'node:module';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { version as reactVersion } from 'react';
import { version as reactDomVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';

// Runs only in the react18 project: it proves the aliases took, so a misconfigured project
// fails here instead of quietly testing React 19 again.
const here = createRequire(import.meta.url);
const root = here('../../package.json') as { peerDependencies: Record<string, string> };
const stack = createRequire(here.resolve('react18-stack/package.json'));
const installed = (name: string) => (stack(`${name}/package.json`) as { version: string }).version;
/** The lowest version a peer range accepts, e.g. `^18.3.1 || ^19.0.0` → `18.3.1`. */
const floor = (name: string) => root.peerDependencies[name]?.match(/\d+\.\d+\.\d+/)?.[0];

function Pending() {
  const { status } = useQuery({ queryKey: ['pending'], queryFn: () => new Promise(() => {}) });
  return <h1>Query {status}</h1>;
}

describe('the lowest supported React stack', () => {
  it('runs React 18.3 and react-dom 18.3', () => {
    expect(reactVersion).toMatch(/^18\.3\./);
    expect(reactDomVersion).toMatch(/^18\.3\./);
  });

  it('tests exactly the versions the peer ranges start at', () => {
    expect(installed('react')).toBe(floor('react'));
    expect(installed('react-dom')).toBe(floor('react-dom'));
    expect(installed('@tanstack/react-query')).toBe(floor('@tanstack/react-query'));
  });

  it('gives React Query and Testing Library one React to share', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Pending />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Query pending' })).toBeVisible();
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, spyOn, waitFor } from 'storybook/test';
import type { PolicyDocumentsProps } from '../src/components/PolicyDocuments/index.js';
import { PolicyDocuments } from '../src/components/PolicyDocuments/index.js';
import { DEFAULT_BFF_BASE_PATH } from '../src/core/index.js';
import { failing, noDocuments, pending } from '../src/testing/msw/index.js';
import { ComponentDocs } from './support/ComponentDocs.js';
import { expectShown } from './support/expectShown.js';
import type { SandboxLoaded } from './support/sandboxStory.js';
import { sandboxStory } from './support/sandboxStory.js';

const meta = {
  title: 'Components/PolicyDocuments',
  component: PolicyDocuments,
  tags: ['autodocs'],
  args: { policyId: '' },
  argTypes: { policyId: { control: false } },
  render: (args, { loaded }) => (
    <PolicyDocuments {...args} {...(loaded as SandboxLoaded<PolicyDocumentsProps>).props} />
  ),
  // Documents open in a new tab: the stories record the call instead of opening one.
  beforeEach: () => {
    const open = spyOn(window, 'open').mockImplementation(() => null);
    return () => open.mockRestore();
  },
} satisfies Meta<typeof PolicyDocuments>;

export default meta;
type Story = StoryObj<typeof meta>;

const root = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('.lir-PolicyDocuments');
const expectState = (canvasElement: HTMLElement, state: string) =>
  waitFor(() => expectShown(root(canvasElement), state), {
    timeout: 5000,
  });

/** A policy bound at the end of quoting (each story has a sandbox of its own). */
const boundPolicy = () =>
  sandboxStory<PolicyDocumentsProps>({
    state: 'ready',
    prepare: async (env) => ({ policyId: (await env.boundPolicy()).policyId }),
  });

/** For designers: states, parts, theming and the headless hook, next to the live component. */
export const Overview: Story = {
  ...boundPolicy(),
  render: (args, { loaded }) => (
    <ComponentDocs
      name="PolicyDocuments"
      summary="A bound or retrieved policy: its summary and a button per document. A document opens with a freshly signed URL in a new tab; signed URLs are never put in the page."
      states={{
        loading: 'Reading the policy: skeleton.',
        errored: 'The policy could not be read: an alert and "Try again".',
        empty: 'The policy has no documents yet.',
        ready: 'Summary and documents.',
        opening: 'A document is being opened.',
        expired:
          'The document link expired even after a fresh read: "This link expired. Try again."',
        'open-failed': 'The document could not be opened.',
      }}
      slots={{
        skeleton: 'Placeholder while loading',
        standing:
          'Where the policy stands, in words ("Cancelled on …"); data-standing cancelled/cancelling/expired/upcoming/in-force',
        summary:
          'The policy summary (a description list): the service\u2019s status as sent, the term',
        field: 'One summary line',
        coverages: 'A coverage table (caption "Coverages"), one per coverage map',
        coverage: 'One coverage row (data-included true/false)',
        documents: 'The document list',
        document: 'One document (data-state idle/opening)',
        open: '"Open …" button',
        type: 'Document type (the button\u2019s description)',
        empty: 'No documents text',
        'open-error': 'Expired / failed message (role=alert)',
        error: 'Error block (role=alert)',
        retry: '"Try again" button',
      }}
      variables={{ '--lir-skeleton-color': 'Skeleton colour' }}
      hook={`const { data: policy, documents, getDocumentUrl } = usePolicy(policyId);
window.open(await getDocumentUrl(documents[0].id), '_blank', 'noopener,noreferrer');`}
    >
      <PolicyDocuments {...args} {...(loaded as SandboxLoaded<PolicyDocumentsProps>).props} />
    </ComponentDocs>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'PolicyDocuments' })).toBeVisible();
    await expectState(canvasElement, 'ready');
  },
};

/** A policy bound at the end of quoting: its summary and a button per document. */
export const Documents: Story = {
  ...boundPolicy(),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    await expect(canvas.getByText('Policy number')).toBeVisible();
    const list = canvas.getByRole('list', { name: 'Policy documents' });
    await expect(list).toBeVisible();
    const buttons = canvas.getAllByRole('button', { name: /^Open / });
    await expect(buttons.length).toBeGreaterThan(0);
    const [first] = buttons;
    if (!first) throw new Error('Expected a document');
    await userEvent.click(first);
    // Opened with a freshly signed URL, in a new tab, without the opener.
    await waitFor(() =>
      expect(window.open).toHaveBeenCalledWith(
        expect.stringMatching(/\/sandbox\/documents\/.+\?Expires=\d+&Signature=/),
        '_blank',
        'noopener,noreferrer',
      ),
    );
    await expectState(canvasElement, 'ready');
  },
};

/** The policy is still loading. */
export const Loading: Story = {
  ...sandboxStory<PolicyDocumentsProps>({
    state: 'loading',
    scenarios: [pending('getPolicy')],
    prepare: async (env) => ({ policyId: (await env.boundPolicy()).policyId }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'loading');
    await expect(canvas.getByText('Loading your policy…')).toBeVisible();
  },
};

/**
 * The signed link expired and even a fresh read gave an expiring one: the borrower is told. It
 * answers the borrower's "Open": the story presses it, on the Docs page too.
 */
export const ExpiredDocument: Story = {
  ...sandboxStory<PolicyDocumentsProps>({
    state: 'expired',
    autoplay: true,
    // Signed URLs that live 1 ms: already expired when the borrower clicks.
    documentUrlTtlMs: 1,
    prepare: async (env) => ({ policyId: (await env.retrievedPolicy()).policyId }),
  }),
  play: async ({ canvas, canvasElement, userEvent }) => {
    await expectState(canvasElement, 'ready');
    const [first] = canvas.getAllByRole('button', { name: /^Open / });
    if (!first) throw new Error('Expected a document');
    await userEvent.click(first);
    await expectState(canvasElement, 'expired');
    await expect(canvas.getByRole('alert')).toHaveTextContent('This link expired. Try again.');
    await expect(window.open).not.toHaveBeenCalled();
  },
};

/** A policy with no documents yet. */
export const Empty: Story = {
  ...sandboxStory<PolicyDocumentsProps>({
    state: 'empty',
    scenarios: [noDocuments()],
    prepare: async () => ({ policyId: 'pol_empty' }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'empty');
    await expect(canvas.getByText('This policy has no documents yet.')).toBeVisible();
  },
};

/** The policy could not be read: an alert and "Try again". */
export const Errored: Story = {
  ...sandboxStory<PolicyDocumentsProps>({
    state: 'errored',
    scenarios: [failing('getPolicy', { status: 404, code: 'not_found', message: 'Not found' })],
    prepare: async (env) => ({ policyId: (await env.boundPolicy()).policyId }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'errored');
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not load your policy.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/**
 * The policy as the service answers it for a policy cancelled mid-term: a past
 * `cancellationDate`, its own `status` still "ACTIVE", coverages as an array of coverage maps.
 */
const cancelledPolicy = http.get(`*${DEFAULT_BFF_BASE_PATH}/policies/:policyId`, ({ params }) =>
  HttpResponse.json({
    id: String(params.policyId),
    carrier: 'Harborline Mutual',
    policyNumber: 'HM-2025-000321',
    policyType: 'HO3',
    effectiveDate: '2025-03-01',
    expirationDate: '2026-03-01',
    cancellationDate: '2025-06-15',
    termLength: 12,
    status: 'ACTIVE',
    premium: 1480,
    coverages: [
      {
        a: { amount: 350_000, included: true },
        b: { amount: 35_000, included: true },
        c: { amount: 175_000, included: true },
        d: { amount: 70_000, included: true },
        e: { amount: 300_000, included: true },
        f: { amount: 5_000, included: true },
        waterBackup: { amount: 0, included: false },
      },
    ],
    documents: [],
  }),
);

/** A policy cancelled mid-term reads as cancelled, whatever the service's own status says. */
export const Cancelled: Story = {
  ...sandboxStory<PolicyDocumentsProps>({
    state: 'empty',
    scenarios: [cancelledPolicy],
    prepare: async () => ({ policyId: 'pol_cancelled' }),
  }),
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'empty');
    const standing = await canvas.findByText('Cancelled on Jun 15, 2025');
    await expect(standing).toBeVisible();
    await expect(standing).toHaveAttribute('data-standing', 'cancelled');
    await expect(canvas.queryByText(/in force/i)).toBeNull();
    await expect(canvas.getByText('ACTIVE')).toBeVisible();
    const coverages = canvas.getByRole('table', { name: 'Coverages' });
    await expect(coverages).toBeVisible();
    await expect(canvas.getByRole('rowheader', { name: 'Water backup' })).toBeVisible();
    await expect(canvas.getByText('Not included')).toBeVisible();
  },
};

/** In Spanish (the provider's `locale` is `es-US`): the words, the dates and the amounts. */
export const CancelledInSpanish: Story = {
  ...sandboxStory<PolicyDocumentsProps>({
    state: 'empty',
    scenarios: [cancelledPolicy],
    prepare: async () => ({ policyId: 'pol_cancelled' }),
  }),
  globals: { locale: 'es-US' },
  play: async ({ canvas, canvasElement }) => {
    await expectState(canvasElement, 'empty');
    await expect(await canvas.findByText('Cancelada el 15 jun 2025')).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Coberturas' })).toBeVisible();
    await expect(canvas.getByRole('rowheader', { name: 'Reflujo de agua' })).toBeVisible();
    await expect(canvas.getByText('Esta póliza todavía no tiene documentos.')).toBeVisible();
  },
};

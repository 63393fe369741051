/** What {@link inTurn} reads of the play's context. */
interface PlayContext {
  id: string;
  viewMode: string;
}

/** A Docs page: the turns of its plays, one after the other. */
type DocsPage = Window & { lirPlays?: Promise<void> };

/**
 * How long a play waits for the one before it, at most: a story removed from the page while it
 * played (a frame scrolled away, the page left) never ends its turn.
 */
const MAX_WAIT_MS = 20_000;

/**
 * The Docs page the story plays on: the page itself (inline), or the page around its frame
 * (`docs.story.inline: false`). None when the story is alone (its own page, the story test).
 */
function docsPageOf({ id, viewMode }: PlayContext): DocsPage | undefined {
  if (viewMode === 'docs') return window;
  if (window.frameElement?.id === `iframe--${id}`) return window.parent;
  return undefined;
}

/** Resolves after `ms`, or with `until`, whichever comes first. */
function atMost(until: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([until, late]).finally(() => clearTimeout(timer));
}

/**
 * The play, in its turn on a Docs page: the stories there (inline, and in frames of their own)
 * share one keyboard focus, which plays move (a click, typing) and check (focus on the first
 * error, on the outcome). Played one after the other, each finds the focus where it left it. A
 * story alone plays at once.
 *
 * @example
 * export const Scheduled: Story = {
 *   ...consented('scheduled', { autoplay: true }),
 *   play: inTurn(async ({ canvas, userEvent }) => {
 *     await userEvent.click(canvas.getByRole('button', { name: 'Schedule call' }));
 *     await expect(await canvas.findByRole('status')).toHaveFocus();
 *   }),
 * };
 */
export function inTurn<F extends (context: never) => Promise<void> | void>(play: F): F {
  const played = async (context: PlayContext) => {
    const page = docsPageOf(context);
    if (!page) return play(context as never);
    const before = atMost(page.lirPlays ?? Promise.resolve(), MAX_WAIT_MS);
    let done = () => {};
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    page.lirPlays = before.then(() => mine);
    await before;
    try {
      await play(context as never);
    } finally {
      done();
    }
  };
  return played as unknown as F;
}

/**
 * The story shown in a frame of its own on its Docs page (Storybook's `docs.story.inline: false`,
 * `height` tall), where its play runs as it does when the story is alone. For stories about the
 * page as a whole, which would cover the stories beside them or depend on the page's size: a
 * modal dialog, a fixed position, the viewport. (The frames still share the page's keyboard
 * focus: a play that moves or checks it takes its turn, `inTurn`.)
 *
 * @example
 * export const Open: Story = { ...ownFrame(withLoan(), '640px'), play: openTheDialog };
 */
export function ownFrame<T extends { parameters: object }>(story: T, height: string) {
  const { docs } = story.parameters as { docs?: { story?: object } };
  return {
    ...story,
    parameters: {
      ...story.parameters,
      docs: { ...docs, story: { ...docs?.story, inline: false, height } },
    },
  };
}

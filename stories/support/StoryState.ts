/**
 * What every story promises, as `parameters.lir`: the `data-state` of its component's root (the
 * first `.lir-root` in the story), reached alone, on its Docs page and in the built Storybook.
 * .storybook/preview.tsx checks it after every play and marks the canvas with it
 * (`data-story-state`) for the Docs-page and visual tests.
 */
export interface StoryState {
  state: string;
}

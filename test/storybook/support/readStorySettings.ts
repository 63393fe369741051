import type { Page } from 'playwright-core';

/** What a story sets for itself that a screenshot must honour. */
export interface StorySettings {
  id: string;
  /** The size of its viewport (its `viewport` global, looked up in its viewport options). */
  viewport: { width: number; height: number } | undefined;
  /** The theme the story pins (`globals: { theme }`): the toolbar's theme does not change it. */
  theme: string | undefined;
}

/**
 * Reads the settings of each story from Storybook's preview in the page (any page of the built
 * Storybook's `iframe.html`), without rendering them.
 */
export function readStorySettings(page: Page, ids: readonly string[]): Promise<StorySettings[]> {
  return page.evaluate(async (storyIds) => {
    interface Prepared {
      parameters: {
        viewport?: { options?: Record<string, { styles?: { width?: string; height?: string } }> };
      };
      storyGlobals?: { viewport?: { value?: string } | string; theme?: string };
    }
    const preview = (
      window as unknown as {
        __STORYBOOK_PREVIEW__: {
          ready(): Promise<void>;
          storyStoreValue: { loadStory(a: { storyId: string }): Promise<Prepared> };
        };
      }
    ).__STORYBOOK_PREVIEW__;
    await preview.ready();
    const px = (value: string | undefined) =>
      value?.endsWith('px') ? Number.parseFloat(value) : undefined;
    const settings = [];
    for (const id of storyIds) {
      const story = await preview.storyStoreValue.loadStory({ storyId: id });
      const globals = story.storyGlobals ?? {};
      const name =
        typeof globals.viewport === 'string' ? globals.viewport : globals.viewport?.value;
      const styles = name ? story.parameters.viewport?.options?.[name]?.styles : undefined;
      const width = px(styles?.width);
      const height = px(styles?.height);
      settings.push({
        id,
        viewport: width && height ? { width, height } : undefined,
        theme: globals.theme,
      });
    }
    return settings;
  }, ids);
}

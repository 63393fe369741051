// @storybook/react ships its preview entries without types. This one holds the renderer's default
// docs parameters: the component description and the props table, read from react-docgen.
declare module '@storybook/react/entry-preview-argtypes' {
  import type { ArgTypesExtractor } from 'storybook/internal/docs-tools';

  export const parameters: {
    docs: {
      extractArgTypes: ArgTypesExtractor;
      extractComponentDescription: (component: unknown) => string;
    };
  };
}

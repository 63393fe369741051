// The component and flow stylesheets, in the order scripts/buildStyles.mjs concatenates them into
// dist/styles.css, after the theme (src/styles.css). An eager glob's imports are hoisted above a
// module's other imports, so the theme is imported just before this module, not in it.
import.meta.glob(['../../src/components/*/*.css', '../../src/flows/*/*.css'], { eager: true });

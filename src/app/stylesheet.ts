/**
 * The application's full stylesheet, as a chunk of its own. A prerendered
 * page inlines the part its markup uses, so src/main.tsx requests the rest as
 * soon as the application runs without holding up hydration; a page rendered
 * in the browser waits for it (docs/decisions/105-application-startup.md).
 */
import '../styles.css';

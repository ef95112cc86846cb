/**
 * Hostile and ordinary Markdown with the exact HTML the renderer must give,
 * shared by the browser (jsdom) test beside the renderer and the Node test in
 * tests/node, so both environments are held to the same output.
 */
import type { RenderOptions } from './render.ts';

export const CASE_OPTIONS: RenderOptions = {
  storageOrigin: 'https://abc.supabase.co',
  siteOrigin: 'https://olea.example',
};

export const RENDER_CASES: readonly { name: string; input: string; html: string }[] = [
  { name: 'script tag', input: '<script>alert(1)</script>', html: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>' },
  { name: 'img onerror', input: '<img src=x onerror=alert(1)>', html: '<p>&lt;img src=x onerror=alert(1)&gt;</p>' },
  { name: 'javascript: link', input: '[a](javascript:alert(1))', html: '<p>[a](javascript:alert(1))</p>' },
  { name: 'mixed-case javascript:', input: '[a](JaVaScRiPt:alert(1))', html: '<p>[a](JaVaScRiPt:alert(1))</p>' },
  { name: 'hex entity javascript:', input: '[a](jav&#x61;script:alert(1))', html: '<p>[a](javascript:alert(1))</p>' },
  {
    name: 'decimal entity javascript:',
    input: '[a](&#106;avascript:alert(1))',
    html: '<p>[a](javascript:alert(1))</p>',
  },
  {
    name: 'newline inside javascript:',
    input: '[a](java\nscript:alert(1))',
    html: '<p>[a](java\nscript:alert(1))</p>',
  },
  {
    name: 'newline inside an angle-bracket destination',
    input: '[a](<java\nscript:alert(1)>)',
    html: '<p>[a](&lt;java\nscript:alert(1)&gt;)</p>',
  },
  { name: 'tab inside javascript:', input: '[a](java&#9;script:alert(1))', html: '<p>a</p>' },
  { name: 'percent-encoded javascript:', input: '[a](%6Aavascript:alert(1))', html: '<p>a</p>' },
  {
    name: 'data: link',
    input: '[a](data:text/html;base64,PHNjcmlwdD4=)',
    html: '<p>[a](data:text/html;base64,PHNjcmlwdD4=)</p>',
  },
  { name: 'vbscript: link', input: '[a](vbscript:msgbox)', html: '<p>[a](vbscript:msgbox)</p>' },
  {
    name: 'nested links, the inner one hostile',
    input: '[[x](javascript:alert(1))](https://ok.example)',
    html: '<p><a href="https://ok.example" rel="noopener noreferrer">[x](javascript:alert(1))</a></p>',
  },
  {
    name: 'nested links',
    input: '[outer [inner](https://a.example)](https://b.example)',
    html: '<p>[outer <a href="https://a.example" rel="noopener noreferrer">inner</a>](https://b.example)</p>',
  },
  {
    name: 'autolink',
    input: '<https://a.example/x>',
    html: '<p><a href="https://a.example/x" rel="noopener noreferrer">https://a.example/x</a></p>',
  },
  { name: 'javascript: autolink', input: '<javascript:alert(1)>', html: '<p>&lt;javascript:alert(1)&gt;</p>' },
  {
    name: 'inline SVG',
    input: '<svg onload=alert(1)><circle/></svg>',
    html: '<p>&lt;svg onload=alert(1)&gt;&lt;circle/&gt;&lt;/svg&gt;</p>',
  },
  { name: 'SVG image from another origin', input: '![s](https://evil.example/x.svg)', html: '' },
  {
    name: 'SVG data: image',
    input: '![s](data:image/svg+xml;base64,PHN2Zz4=)',
    html: '<p>![s](data:image/svg+xml;base64,PHN2Zz4=)</p>',
  },
  { name: 'PNG data: image', input: '![s](data:image/png;base64,iVBORw0KGgo=)', html: '' },
  { name: 'image from another origin', input: 'a ![s](https://evil.example/x.png) b', html: '<p>a  b</p>' },
  { name: 'protocol-relative image', input: '![no](//evil.example/a.png)', html: '' },
  {
    name: 'image from another bucket of the same Storage',
    input: '![no](https://abc.supabase.co/storage/v1/object/public/documents/a.webp)',
    html: '',
  },
  {
    name: 'image climbing out of the bucket',
    input: '![no](https://abc.supabase.co/storage/v1/object/public/content-images/../documents/a.webp)',
    html: '',
  },
  {
    name: 'image climbing out of the bucket with %2e%2e',
    input: '![no](https://abc.supabase.co/storage/v1/object/public/content-images/%2e%2e/%2e%2e/sign/documents/x)',
    html: '',
  },
  {
    name: 'image climbing out of the bucket with %2E%2E',
    input: '![no](https://abc.supabase.co/storage/v1/object/public/content-images/%2E%2E/%2E%2E/sign/documents/x)',
    html: '',
  },
  {
    name: 'image climbing out of the bucket with mixed .%2e and %2E.',
    input: '![no](https://abc.supabase.co/storage/v1/object/public/content-images/.%2e/%2E./sign/documents/x)',
    html: '',
  },
  {
    name: 'image climbing out of the bucket with double encoding',
    input:
      '![no](https://abc.supabase.co/storage/v1/object/public/content-images/%252e%252e/%252e%252e/sign/documents/x)',
    html: '',
  },
  {
    name: 'image climbing out of the bucket with an encoded slash',
    input: '![no](https://abc.supabase.co/storage/v1/object/public/content-images/%2e%2e%2f%2e%2e%2fsign/documents/x)',
    html: '',
  },
  {
    name: 'image climbing out of the bucket with backslashes',
    input: '![no](https://abc.supabase.co/storage/v1/object/public/content-images/%2e%2e%5c%2e%2e%5csign/documents/x)',
    html: '',
  },
  {
    name: 'image climbing out of the bucket with backslashes typed as they are',
    input:
      '![no](https://abc.supabase.co/storage/v1/object/public/content-images/%2e%2e\\\\%2e%2e\\\\sign/documents/x)',
    html: '',
  },
  {
    name: 'image with an escape that does not decode',
    input: '![no](https://abc.supabase.co/storage/v1/object/public/content-images/%zz.webp)',
    html: '',
  },
  { name: 'site image climbing out of /images/', input: '![no](/images/%2e%2e/admin)', html: '' },
  {
    name: 'content-images image in a dated folder',
    input: '![ok](https://abc.supabase.co/storage/v1/object/public/content-images/2026/11/0b9c-4f1e.webp)',
    html: '<p><img src="https://abc.supabase.co/storage/v1/object/public/content-images/2026/11/0b9c-4f1e.webp" alt="ok" /></p>',
  },
  {
    name: 'site image',
    input: '![Olive grove](/images/a.png)',
    html: '<p><img src="/images/a.png" alt="Olive grove" /></p>',
  },
  {
    name: 'content-images image',
    input: '![ok](https://abc.supabase.co/storage/v1/object/public/content-images/a.webp)',
    html: '<p><img src="https://abc.supabase.co/storage/v1/object/public/content-images/a.webp" alt="ok" /></p>',
  },
  {
    name: 'raw HTML block',
    input: '<div onclick="x()">raw</div>\n\ntext',
    html: '<p>&lt;div onclick="x()"&gt;raw&lt;/div&gt;</p>\n<p>text</p>',
  },
  {
    name: 'iframe',
    input: '<iframe src="https://evil.example"></iframe>',
    html: '<p>&lt;iframe src="https://evil.example"&gt;&lt;/iframe&gt;</p>',
  },
  {
    name: 'style attribute',
    input: '<p style="color:red">x</p>',
    html: '<p>&lt;p style="color:red"&gt;x&lt;/p&gt;</p>',
  },
  {
    name: 'hostile reference-style link',
    input: '[ref][r]\n\n[r]: javascript:alert(1)',
    html: '<p>[ref][r]</p>\n<p>[r]: javascript:alert(1)</p>',
  },
  {
    name: 'reference-style link',
    input: '[ref][r]\n\n[r]: https://ok.example "t"',
    html: '<p><a href="https://ok.example" rel="noopener noreferrer">ref</a></p>',
  },
  { name: 'h1 and h5 clamped to h2–h4', input: '# Title\n\n##### five', html: '<h2>Title</h2>\n<h4>five</h4>' },
  {
    name: 'site, own-origin and mail links are not external',
    input: '[in](/contact) [site](https://olea.example/x) [mail](mailto:a@b.c)',
    html: '<p><a href="/contact">in</a> <a href="https://olea.example/x">site</a> <a href="mailto:a@b.c">mail</a></p>',
  },
  { name: 'relative link', input: '[x](contact)', html: '<p>x</p>' },
  { name: 'backslash origin trick', input: '[x](https:/\\evil.example)', html: '<p>x</p>' },
  {
    name: 'code keeps markup as text',
    input: '`<script>` and\n\n```html\n<script>x</script>\n```',
    html: '<p><code>&lt;script&gt;</code> and</p>\n<pre><code>&lt;script&gt;x&lt;/script&gt;\n</code></pre>',
  },
  {
    name: 'ordinary article',
    input: 'Intro with **bold** and *em*.\n\n## Part\n\n- one\n- two\n\n3. three\n4. four\n\n> Quote\n>\n> — Someone',
    html:
      '<p>Intro with <strong>bold</strong> and <em>em</em>.</p>\n<h2>Part</h2>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n' +
      '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n<blockquote>\n<p>Quote</p>\n<p>— Someone</p>\n</blockquote>',
  },
];

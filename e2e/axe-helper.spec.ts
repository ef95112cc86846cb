/**
 * The accessibility checks every screen's spec relies on: axeViolations
 * reports a violation, with the element it found it on, even though it asks
 * axe for violations only (a helper that returned nothing would let every
 * page pass).
 */
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

test('axeViolations names a missing text alternative and an unlabelled field, and passes a page without them', async ({
  page,
}) => {
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
     <img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><input id="no-label" type="text"></main></body></html>`,
  );
  const found = await axeViolations(page);
  expect(found.map((v) => v.id).sort()).toEqual(expect.arrayContaining(['image-alt', 'label']));
  expect(found.find((v) => v.id === 'image-alt')?.nodes).toEqual(['#no-alt']);

  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1>
     <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="A dot"><label>Name <input type="text"></label></main></body></html>`,
  );
  expect(await axeViolations(page)).toEqual([]);
});

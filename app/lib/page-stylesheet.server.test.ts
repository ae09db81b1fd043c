import { describe, expect, it } from 'vitest';
import { classesInPage, pageStylesheet } from './page-stylesheet.server.ts';

// Shaped like the built stylesheet: a licence comment, layers, escaped class names, groups, @property.
const CSS = [
  '/*! tailwindcss v4 | MIT License */',
  '@layer theme{:root,:host{--color-brand-600:#2952cc}}',
  "@layer base{*{margin:0}[data-theme='dark']{color-scheme:dark}}",
  '@layer utilities{',
  '.flex{display:flex}',
  '.hidden{display:none}',
  '.sm\\:grid{display:grid}',
  '.w-1\\/2{width:50%}',
  '.\\32xl\\:p-4{padding:1rem}',
  '.\\[\\&_\\:focus-visible\\]\\:outline-white :focus-visible{outline-color:white}',
  ':where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}',
  '.peer:checked~.peer-checked\\:block{display:block}',
  '.btn:not(.is-plain){border-width:1px}',
  ".before\\:content-\\[\\'\\{\\'\\]:before{content:'{'}",
  "[href$='.pdf']{font-style:italic}",
  '@media (width>=40rem){.sm\\:flex{display:flex}.sm\\:hidden{display:none}}',
  '@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '}',
  '@property --tw-font-weight{syntax:"*";inherits:false}',
].join('');

const page = (classes: string) =>
  `<html><head><style>/*page-style*/</style></head><body class="${classes}"></body></html>`;

describe('the stylesheet written into a page', () => {
  it('keeps only the utilities whose classes the page uses, and everything outside the utilities layer', () => {
    const style = pageStylesheet(CSS)(page('flex sm:flex'));
    expect(style).toBe(
      [
        '/*! tailwindcss v4 | MIT License */',
        '@layer theme{:root,:host{--color-brand-600:#2952cc}}',
        "@layer base{*{margin:0}[data-theme='dark']{color-scheme:dark}}",
        '@layer utilities{',
        '.flex{display:flex}',
        '.btn:not(.is-plain){border-width:1px}',
        "[href$='.pdf']{font-style:italic}",
        '@media (width>=40rem){.sm\\:flex{display:flex}}',
        '@keyframes spin{to{transform:rotate(360deg)}}',
        '}',
        '@property --tw-font-weight{syntax:"*";inherits:false}',
      ].join(''),
    );
  });

  it('reads escaped class names in selectors and entities in class attributes', () => {
    const style = pageStylesheet(CSS)(
      page(
        'w-1/2 2xl:p-4 [&amp;_:focus-visible]:outline-white space-y-2 peer-checked:block before:content-[&#x27;{&#x27;] hover:underline',
      ),
    );
    for (const rule of [
      '.w-1\\/2{width:50%}',
      '.\\32xl\\:p-4{padding:1rem}',
      '.\\[\\&_\\:focus-visible\\]\\:outline-white :focus-visible{outline-color:white}',
      ':where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}',
      '.peer:checked~.peer-checked\\:block{display:block}',
      ".before\\:content-\\[\\'\\{\\'\\]:before{content:'{'}",
      '@media (hover:hover){.hover\\:underline:hover{text-decoration-line:underline}}',
    ]) {
      expect(style).toContain(rule);
    }
    expect(style).not.toContain('.flex{');
    expect(style).not.toContain('.hidden{');
    expect(style).not.toContain('@media (width>=40rem)');
  });

  it('gives a page with no utilities the rest of the stylesheet whole', () => {
    const style = pageStylesheet(CSS)('<p>No classes here</p>');
    expect(style).toContain("@layer base{*{margin:0}[data-theme='dark']{color-scheme:dark}}");
    expect(style).toContain('@property --tw-font-weight');
    expect(style).not.toContain('.flex{');
  });

  it('gives pages with the same classes the same text', () => {
    const styleFor = pageStylesheet(CSS);
    const first = styleFor(`${page('flex')}<p class="hidden">a</p>`);
    const second = styleFor(`<p class="hidden">b</p>${page('flex')}`);
    expect(second).toBe(first);
    expect(first).toContain('.hidden{display:none}');
  });
});

describe('the classes of a page', () => {
  it('are every name in every class attribute, entities decoded', () => {
    const html = '<div class="a  b&#x27;c"><svg class="icon"></svg><p data-class="no" class=""></p></div>';
    expect([...classesInPage(html)].sort()).toEqual(["b'c", 'a', 'icon'].sort());
  });
});

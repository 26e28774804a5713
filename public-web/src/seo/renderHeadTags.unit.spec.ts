import { describe, expect, it } from 'vitest';
import { hackathonAnswer, site, userAnswer } from './answerFixtures';
import { headOfHackathon } from './listingHeads';
import type { PageHead } from './pageHead';
import { headOfProfile } from './profileHead';
import { jsonLdScript, renderHeadTags } from './renderHeadTags';
import { headOfNotFound } from './siteHeads';

/** The JSON of every JSON-LD script in the HTML, parsed back. */
const scriptsOf = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as unknown);

const titled = (title: string) => renderHeadTags(headOfHackathon(hackathonAnswer({ title }), site));

describe('renderHeadTags', () => {
  it('writes a noindex page without a canonical link, one tag a line', () => {
    const description = 'There is no page at this address on Circuit. It may have moved, or the address may be mistyped.';
    expect(renderHeadTags(headOfNotFound(site))).toBe(
      [
        '<title>Page not found · Circuit</title>',
        `<meta name="description" content="${description}">`,
        '<meta name="robots" content="noindex">',
        '<meta property="og:site_name" content="Circuit">',
        '<meta property="og:type" content="website">',
        '<meta property="og:title" content="Page not found · Circuit">',
        `<meta property="og:description" content="${description}">`,
        '<meta property="og:url" content="https://circuit.example/404">',
        '<meta name="twitter:card" content="summary">',
        '<meta name="twitter:title" content="Page not found · Circuit">',
        `<meta name="twitter:description" content="${description}">`,
      ].join('\n'),
    );
  });

  it('writes the canonical link, the image with its facts and the JSON-LD of a listing', () => {
    const head = headOfHackathon(hackathonAnswer({ images: { banner: '', logo: '', gallery: [] } }), site);
    const html = renderHeadTags(head);
    expect(html).toContain('<link rel="canonical" href="https://circuit.example/hackathons/code-for-farmers">');
    expect(html).not.toContain('name="robots"');
    expect(html).toContain(
      [
        '<meta property="og:image" content="https://circuit.example/og/hackathons/code-for-farmers.png">',
        '<meta property="og:image:alt" content="Code for Farmers 2026">',
        '<meta property="og:image:width" content="1200">',
        '<meta property="og:image:height" content="630">',
      ].join('\n'),
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="twitter:image" content="https://circuit.example/og/hackathons/code-for-farmers.png">');
    expect(scriptsOf(html)).toEqual(head.jsonLd);
  });

  it("writes a profile's profile:* properties", () => {
    const html = renderHeadTags(headOfProfile(userAnswer(), site));
    expect(html).toContain('<meta property="og:type" content="profile">');
    expect(html).toContain('<meta property="profile:username" content="asha.rao">');
  });

  it('keeps a title that closes the script inert, in the title, the attributes and the JSON-LD', () => {
    const html = titled('</script><script>alert(1)</script>');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Circuit</title>');
    expect(html).toContain('<meta property="og:title" content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Circuit">');
    expect(html).toContain('"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"');
    // The only script elements are the JSON-LD one, opened and closed once.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(scriptsOf(html)).toEqual([expect.objectContaining({ name: '</script><script>alert(1)</script>' })]);
  });

  it('keeps a title that leaves its attribute inert', () => {
    const html = titled('"><img src=x onerror=alert(1)>');
    expect(html).toContain('<meta property="og:title" content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt; · Circuit">');
    expect(html).toContain('<title>&quot;&gt;&lt;img src=x onerror=alert(1)&gt; · Circuit</title>');
    expect(html).not.toContain('<img');
    expect(html).toContain('"name":"\\"\\u003e\\u003cimg src=x onerror=alert(1)\\u003e"');
  });

  it("escapes quotes and ampersands in a banner's URL", () => {
    const head = headOfHackathon(hackathonAnswer({ images: { banner: "https://cdn.example/a.png?x=1&y='2'\" onload=\"alert(1)", logo: '', gallery: [] } }), site);
    expect(renderHeadTags(head)).toContain('<meta property="og:image" content="https://cdn.example/a.png?x=1&amp;y=&#39;2&#39;&quot; onload=&quot;alert(1)">');
  });
});

describe('jsonLdScript', () => {
  it('escapes <, >, & and the JavaScript line ends, and still parses back to the same data', () => {
    const data = { name: 'R&D <b> \u2028 \u2029 <!-- -->' };
    const script = jsonLdScript(data);
    expect(script).toBe('<script type="application/ld+json">{"name":"R\\u0026D \\u003cb\\u003e \\u2028 \\u2029 \\u003c!-- --\\u003e"}</script>');
    expect(scriptsOf(script)).toEqual([data]);
  });

  it('writes one script element per JSON-LD node', () => {
    const head: PageHead = { ...headOfNotFound(site), jsonLd: [{ '@type': 'Thing', name: 'a' }, { '@type': 'Thing', name: 'b' }] };
    expect(scriptsOf(renderHeadTags(head))).toEqual(head.jsonLd);
  });
});

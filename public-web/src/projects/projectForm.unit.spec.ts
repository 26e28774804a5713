import { describe, expect, it } from 'vitest';
import { addTechnology, ProjectForm } from './projectForm';

const valid = { title: 'DevLog', description: 'Weekly notes from git', technologies: [], githubUrl: '', liveUrl: '', image: null };
const messages = (values: object) => Object.fromEntries((ProjectForm.safeParse(values).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('project form (the server’s ProjectBody)', () => {
  it('asks for the title and the description with the spec’s message', () => {
    expect(messages({ ...valid, title: ' ', description: '' })).toEqual({ title: 'Title and description are required', description: 'Title and description are required' });
    expect(messages({ ...valid, description: 'x'.repeat(501) })).toEqual({ description: 'Description must be 500 characters or less' });
  });

  it('takes links without their scheme and sends them with it; refuses what is not a URL', () => {
    expect(ProjectForm.parse({ ...valid, githubUrl: 'github.com/ada/devlog' }).githubUrl).toBe('https://github.com/ada/devlog');
    expect(messages({ ...valid, liveUrl: 'not a url' })).toEqual({ liveUrl: 'Please enter a valid URL' });
  });

  it('adds a technology once, whatever its case', () => {
    expect(addTechnology(['React'], ' react ')).toEqual(['React']);
    expect(addTechnology(['React'], 'Go')).toEqual(['React', 'Go']);
  });
});

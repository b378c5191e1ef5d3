import { projectHref } from '#domain/rules/listing';

describe('projectHref', () => {
  it.each([
    [1, '#/projectPkg/12.html'],
    [2, '#/projectPkg/12.html'],
  ])('a package (projectType %i) opens the package page', (projectType, href) => {
    expect(projectHref({ assetsId: 12, projectType })).toBe(href);
  });

  it.each([
    [0, '#/projectDetail/12.html'],
    [3, '#/projectDetail/12.html'],
  ])('a single asset (projectType %i) opens the detail page', (projectType, href) => {
    expect(projectHref({ assetsId: 12, projectType })).toBe(href);
  });

  it('opens the detail page when the answer does not say which (projectType null)', () => {
    expect(projectHref({ assetsId: 7, projectType: null })).toBe('#/projectDetail/7.html');
  });
});

import type { MenuNode } from '@agora/contract';

function leafNames(nodes: readonly MenuNode[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.children.length > 0) leafNames(node.children, into);
    else into.add(node.name);
  }
  return into;
}

export function allNames(nodes: readonly MenuNode[], into: string[] = []): string[] {
  for (const node of nodes) {
    into.push(node.name);
    allNames(node.children, into);
  }
  return into;
}

export function parentNames(nodes: readonly MenuNode[], into: string[] = []): string[] {
  for (const node of nodes) {
    if (node.children.length === 0) continue;
    into.push(node.name);
    parentNames(node.children, into);
  }
  return into;
}

/**
 * What the tree should show checked for a stored permission list. The list holds the
 * parents of permitted pages as well; handing those to a conducting tree would check
 * every child, so only pages (leaves) go in and the tree derives its parents.
 */
export function checkedLeaves(nodes: readonly MenuNode[], permissions: readonly string[]): string[] {
  const leaves = leafNames(nodes);
  return permissions.filter((name) => leaves.has(name));
}

/**
 * The permission list to store: every checked node plus each ancestor of one (the tree's
 * half-checked parents), since the console shows a page only under its permitted groups.
 * In route-table order.
 */
export function permissionsToSave(nodes: readonly MenuNode[], checked: readonly string[]): string[] {
  const wanted = new Set(checked);
  const result: string[] = [];
  const visit = (node: MenuNode): boolean => {
    const position = result.length;
    let anyChild = false;
    for (const child of node.children) if (visit(child)) anyChild = true;
    const included = wanted.has(node.name) || anyChild;
    if (included) result.splice(position, 0, node.name);
    return included;
  };
  nodes.forEach(visit);
  return result;
}

/**
 * The nodes that lead to a screen of this console: a page of their own, or one below them. The
 * others wait for their area; the tree shows them marked and cannot grant them, so a role never
 * holds a permission to nothing.
 */
export function builtNames(nodes: readonly MenuNode[], hasPage: (name: string) => boolean, into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    builtNames(node.children, hasPage, into);
    if (hasPage(node.name) || node.children.some((child) => into.has(child.name))) into.add(node.name);
  }
  return into;
}

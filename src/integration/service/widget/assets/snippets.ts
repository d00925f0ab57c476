export interface Snippet {
  readonly title: string
  readonly lang: string
  readonly code: string
}

/**
 * GET /link/snippets and the "Front-end frameworks" section of docs/guides/link-widget.md: how to put unimock's
 * widget behind the official front-end libraries, which always load Merge's CDN script. `url` is unimock's base URL as the
 * browser reaches it and `prefix` the widget's path; the guide shows the defaults, and a test keeps the two
 * identical.
 */
export function frontEndSnippets (url: string, prefix = '/link'): readonly Snippet[] {
  const script = `${url}${prefix}/initialize.js`
  return [
    {
      title: 'Playwright: answer the CDN script with unimock\'s (React hook, Vue component, any page)',
      lang: 'ts',
      code: `await page.route('https://cdn.merge.dev/initialize.js', async (route) => {
  await route.fulfill({ response: await route.fetch({ url: '${script}' }) })
})`
    },
    {
      title: 'Cypress: redirect the CDN script to unimock\'s',
      lang: 'js',
      code: `cy.intercept('GET', 'https://cdn.merge.dev/initialize.js', (req) => {
  req.redirect('${script}')
})`
    },
    {
      title: 'Vite dev server: unimock under /unimock, its script in the page before the app',
      lang: 'js',
      code: `// vite.config.js
import { defineConfig } from 'vite'

export default defineConfig({
  server: {
    proxy: { '/unimock': { target: '${url}', rewrite: (path) => path.replace(/^\\/unimock/, '') } }
  },
  plugins: [{
    name: 'unimock-link-widget',
    apply: 'serve',
    transformIndexHtml: () => [{ tag: 'script', attrs: { src: '/unimock${prefix}/initialize.js' }, injectTo: 'head-prepend' }]
  }]
})`
    },
    {
      title: 'React: the official hook, unchanged',
      lang: 'jsx',
      code: `import { useMergeLink } from '@mergeapi/react-merge-link'

function ConnectButton ({ linkToken, onLinked }) {
  const { open, isReady } = useMergeLink({
    linkToken,
    onSuccess: (publicToken) => onLinked(publicToken),
    onExit: () => console.log('closed without linking')
  })
  return <button disabled={!isReady} onClick={open}>Connect your HR system</button>
}`
    },
    {
      title: 'Vue: the official component, unchanged',
      lang: 'html',
      code: `<script setup>
import MergeLink from '@mergeapi/vue-merge-link'
defineProps({ linkToken: String })
const onSuccess = (publicToken) => console.log('send to your backend', publicToken)
</script>

<template>
  <MergeLink :link-token="linkToken" :on-success="onSuccess">Connect your HR system</MergeLink>
</template>`
    },
    {
      title: 'Plain script: no library',
      lang: 'html',
      code: `<script src="${script}"></script>
<script>
  MergeLink.initialize({
    linkToken,
    onReady: () => MergeLink.openLink(),
    onSuccess: (publicToken) => console.log('send to your backend', publicToken)
  })
</script>`
    }
  ]
}

/** The snippets as one Markdown page, for pasting. */
export function snippetsMarkdown (url: string, prefix = '/link'): string {
  const parts = frontEndSnippets(url, prefix).map((s) => `## ${s.title}\n\n\`\`\`${s.lang}\n${s.code}\n\`\`\`\n`)
  return `# The link widget behind the official front-end libraries (unimock at ${url})\n\n${parts.join('\n')}`
}

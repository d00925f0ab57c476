import { render } from 'preact'
import { App } from './app.js'
import { preload } from './api.js'
import './dashboard.css'

// The shell's first reads are under way (src/dashboard/page.ts): the first render waits for them.
await preload()
const root = document.getElementById('app')
if (root !== null) render(<App />, root)

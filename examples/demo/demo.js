// Lists what the bucket holds, refreshed whenever the uploader reports a finished file.
// Sizes go through the element's own formatter, so a file reads the same here as in its row.
import { formatBytes } from '/svc-uploader.js';

const list = document.getElementById('uploads');
const empty = document.getElementById('uploads-empty');

function renderUpload(file) {
  const item = document.createElement('li');
  item.dataset.key = file.key;
  const link = document.createElement('a');
  link.href = file.downloadUrl;
  link.textContent = file.key;
  const size = document.createElement('span');
  size.className = 'size';
  size.textContent = formatBytes(file.size, document.documentElement.lang || 'en');
  item.append(link, size);
  return item;
}

let latestRefresh = 0;

/** Two files finishing together start two listings; only the newest may draw, whichever answers last. */
async function refreshUploads() {
  const refresh = ++latestRefresh;
  const response = await fetch('/api/files');
  if (!response.ok) return;
  const { files } = await response.json();
  if (refresh !== latestRefresh) return;
  list.replaceChildren(...files.map(renderUpload));
  empty.hidden = files.length > 0;
}

document.getElementById('uploader').addEventListener('svc-file-upload-complete', refreshUploads);
refreshUploads();

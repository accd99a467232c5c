-- `scenery lsp` in a real editor: Neovim's built-in LSP client, headless (docs/editors.md).
-- Opens a scene of a copy of the Shop, reads its diagnostics, types a mistake (sent as an
-- incremental change), sees it found and cleared, then renames a scene and writes the files.
-- Run by .ci/check_neovim.sh: nvim --headless -u NONE -c "luafile .ci/lsp/neovim.lua"
local scenery = os.getenv("SCENERY")
local app = os.getenv("APP")
local failures = 0
-- What was checked goes to a file: a headless Neovim's own output is a screen, not lines.
local log = io.open(os.getenv("LOG"), "w")

local function check(ok, message)
  if not ok then
    failures = failures + 1
    log:write("neovim: FAIL " .. message .. "\n")
  else
    log:write("neovim: ok " .. message .. "\n")
  end
end

local function finish()
  log:close()
  if failures > 0 then vim.cmd("cquit 1") else vim.cmd("qall!") end
end

local ok, err = pcall(function()
  vim.cmd("edit " .. app .. "/scenes/Catalog.json")
  local buffer = vim.api.nvim_get_current_buf()
  local client = vim.lsp.start_client({
    name = "scenery",
    cmd = { scenery, "lsp" },
    root_dir = app,
  })
  check(client ~= nil, "the server starts")
  vim.lsp.buf_attach_client(buffer, client)
  check(vim.wait(20000, function()
    local c = vim.lsp.get_client_by_id(client)
    return c ~= nil and c.initialized
  end, 50), "the server answers initialize")
  -- The Shop is clean: a publish with no findings comes, nothing else.
  vim.wait(3000, function() return false end, 50)
  check(#vim.diagnostic.get(buffer) == 0, "a clean scene has no diagnostics")

  -- Type a mistake: the provider misspelt, through the buffer, as a person would.
  local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
  local row, column
  for index, line in ipairs(lines) do
    local found = line:find('"provider": "products"', 1, true)
    if found then row, column = index - 1, found - 1 + #'"provider": "prod' break end
  end
  check(row ~= nil, "the scene names the products provider")
  vim.api.nvim_buf_set_text(buffer, row, column, row, column + 1, {})  -- "products" → "prodcts"
  check(vim.wait(10000, function()
    for _, d in ipairs(vim.diagnostic.get(buffer)) do
      if d.code == "E304" and d.lnum == row then return true end
    end
    return false
  end, 50), "the misspelt provider is found (E304) on its line")
  vim.api.nvim_buf_set_text(buffer, row, column, row, column, { "u" })
  check(vim.wait(10000, function() return #vim.diagnostic.get(buffer) == 0 end, 50), "putting it back clears it")

  -- Rename the Product scene from a route to it, and write every file.
  for index, line in ipairs(vim.api.nvim_buf_get_lines(buffer, 0, -1, false)) do
    local found = line:find('"to": "Product"', 1, true)
    if found then vim.api.nvim_win_set_cursor(0, { index, found - 1 + #'"to": "Pro' }) break end
  end
  local params = vim.lsp.util.make_position_params()
  local prepared = vim.lsp.buf_request_sync(buffer, "textDocument/prepareRename", params, 10000)
  local placeholder = prepared and prepared[client] and prepared[client].result and prepared[client].result.placeholder
  check(placeholder == "Product", "prepareRename names the scene under the cursor")
  params.newName = "ProductPage"
  local answers = vim.lsp.buf_request_sync(buffer, "textDocument/rename", params, 10000)
  local edit = answers and answers[client] and answers[client].result
  check(edit ~= nil, "rename gives an edit")
  vim.lsp.util.apply_workspace_edit(edit, "utf-16")
  vim.cmd("silent! wall")
  local renamed = io.open(app .. "/scenes/ProductPage.json", "r")
  check(renamed ~= nil, "the scene's file is renamed")
  if renamed then
    check(renamed:read("*a"):find('"scene": "ProductPage"', 1, true) ~= nil, "the scene's name in its file is renamed")
    renamed:close()
  end
  local catalog = io.open(app .. "/scenes/Catalog.json", "r"):read("*a")
  check(catalog:find('"to": "ProductPage"', 1, true) ~= nil, "the route to it is renamed")
end)
if not ok then
  failures = failures + 1
  log:write("neovim: FAIL " .. tostring(err) .. "\n")
end
finish()

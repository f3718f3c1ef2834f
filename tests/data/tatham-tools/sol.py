import re, subprocess, sys
# sol.py GAME IDFILE > SOLFILE: Tatham's solution of each ID, from the PostScript of --print --with-solutions
game, idfile = sys.argv[1], sys.argv[2]
for line in open(idfile):
    gid = line.strip()
    if not gid: continue
    w = int(re.match(r'\d+', gid).group())
    ps = subprocess.run(['/usr/games/sgt-'+game, '--print', '1x1', '--with-solutions'],
                        input=gid+'\n', capture_output=True, text=True, check=True).stdout
    pages = ps.split('showpage')
    shows = re.findall(r'\((.)\) dup stringwidth pop 2 div neg 0 rmoveto show', pages[1])
    digits = shows[-w*w:]
    assert all(d.isdigit() for d in digits) and len(digits) == w*w, gid
    print(''.join(digits))

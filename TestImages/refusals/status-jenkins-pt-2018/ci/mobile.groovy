common = load 'ci/common.groovy'
android = load 'ci/android.groovy'

def prep(type = 'nightly') {
  sh "cp .env.${type} .env"
  sh 'bundle install --quiet'
}

return this
